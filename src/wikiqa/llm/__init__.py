"""The LLM provider layer shared by the agent answerer and the eval judges."""
