"""The evaluation harness: task files, graders, judges, runs, reports (docs/evals.md)."""
