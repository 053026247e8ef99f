"""One small grader per dimension; each returns a Grade and never guesses.

A Grade is `pass`, `fail`, `na` (the rule says the dimension does not apply to this output)
or `not_graded` (it applies but nothing could grade it, e.g. no judge): never a pass.
"""
