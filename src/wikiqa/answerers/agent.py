"""The tool-calling agent answerer: any pydantic-ai model searches, reads and proposes a Draft.

The model works through the host's Reader (principal bound, ledgered, budgeted) by way of
two tools, and must end by filling one branch of a discriminated output: `answer` (claims,
each with doc_id + verbatim quotes) or `refuse` (code + reason). The host then decides:
quotes that are not verbatim spans of text the model was shown get one repair turn, then
the GroundingValidator's salvage, then an `invalid_citation` refusal. Provider faults end in
a typed refusal (`model_error`) or, for a bad key or model name, a ModelConfigError with
the fix; never a traceback and never an ungrounded answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from pydantic import BaseModel, Field
from pydantic_ai import Agent, ModelRetry, RunContext, ToolOutput
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.usage import UsageLimits

from wikiqa.answerers.base import Reader
from wikiqa.answerers.disambiguation import ambiguity
from wikiqa.answerers.tools import ReadingDesk, ToolReader
from wikiqa.errors import ModelConfigError
from wikiqa.llm.providers import OPENAI_COMPATIBLE_DEFAULT_URLS
from wikiqa.llm.usage import cost_usd
from wikiqa.settings import Settings
from wikiqa.types import Draft, DraftClaim, DraftQuote, Question, RefusalCode, Usage

if TYPE_CHECKING:
    from pydantic_ai.models import Model

PROMPT_DIR = Path(__file__).parent / "prompts"
PROMPT_FILE = PROMPT_DIR / "agent-v1.md"
MAX_REPAIRS = 1  # citation repair turns before the validator's salvage decides
# Grace after the time budget for the model's final turn, before the run is cut off
# (at most the budget itself again).
FINAL_TURN_GRACE_S = 30.0


# --------------------------------------------------------------------------- output schema


class QuoteOut(BaseModel):
    """A verbatim quote from a document you read."""

    doc_id: str = Field(description="The doc_id of the document the quote is copied from.")
    quote: str = Field(description="Text copied exactly from that document, a clause or more.")


class ClaimOut(BaseModel):
    text: str = Field(description="One sentence of the answer.")
    quotes: list[QuoteOut] = Field(description="Verbatim quotes that support this sentence.")


class AnswerOut(BaseModel):
    """Answer the question: one claim per sentence, each supported by verbatim quotes."""

    claims: list[ClaimOut] = Field(min_length=1)


ModelRefusalCode = Literal["no_evidence", "insufficient_evidence", "ambiguous", "budget_exhausted"]


class RefusalOut(BaseModel):
    """Decline to answer, with a code and a short reason (list the senses when ambiguous)."""

    code: ModelRefusalCode
    reason: str
    evidence: list[QuoteOut] = Field(
        default_factory=list, description="Optional quotes that show why you refuse."
    )


# --------------------------------------------------------------------------- the prompt


@dataclass(frozen=True)
class Prompt:
    text: str
    version: str  # "<declared version>+<content hash>": an edit without a bump still shows


@lru_cache(maxsize=4)
def load_prompt(path: Path = PROMPT_FILE) -> Prompt:
    """The versioned system prompt. Its first line declares `version: <id>`."""
    raw = path.read_text(encoding="utf-8")
    first, _, body = raw.partition("\n")
    if not first.startswith("version:"):
        raise ValueError(f"{path} must start with a 'version: <id>' line")
    digest = hashlib.sha256(raw.encode()).hexdigest()[:8]
    return Prompt(text=body.strip(), version=f"{first.split(':', 1)[1].strip()}+{digest}")


# --------------------------------------------------------------------------- the answerer


@dataclass
class AgentLimits:
    max_tool_calls: int = 8
    timeout_s: float = 90.0
    context_chars: int = 24_000
    read_chars: int = 6_000
    search_k: int = 5


class AgentAnswerer:
    """A pydantic-ai agent over the Reader; the host keeps every decision about grounding."""

    name = "agent"
    uses_tools = True  # the pipeline sets the tool-call and time budget on the Reader

    def __init__(
        self,
        model: Model,
        *,
        spec: str,
        settings: Settings | None = None,
        limits: AgentLimits | None = None,
        model_settings: dict[str, Any] | None = None,
        prompt: Prompt | None = None,
    ) -> None:
        self.model = model
        self.spec = spec
        self.settings = settings or Settings()
        self.limits = limits or AgentLimits(
            max_tool_calls=self.settings.max_tool_calls,
            timeout_s=self.settings.agent_timeout,
            context_chars=self.settings.agent_context_chars,
            read_chars=self.settings.agent_read_chars,
            search_k=self.settings.search_k,
        )
        self.model_settings = model_settings or {"max_tokens": self.settings.agent_max_tokens}
        self.prompt = prompt or load_prompt()
        self._agent = _build_agent(self.prompt.text)

    async def aclose(self) -> None:
        """Close the provider's HTTP client (the pipeline does, for answerers it built)."""
        client = getattr(self.model, "client", None)
        close = getattr(client, "close", None)
        if close is not None:
            result = close()
            if asyncio.iscoroutine(result):
                await result

    async def answer(self, question: Question, reader: Reader) -> Draft:
        desk = ReadingDesk(
            cast(ToolReader, reader),
            context_chars=self.limits.context_chars,
            read_chars=self.limits.read_chars,
            search_k=self.limits.search_k,
        )
        meter = _Meter(self, desk)
        # Always retrieve: the host makes the first search, so the model starts from
        # evidence, and an empty retrieval ends the run before any model call.
        first = await desk.search(question.text)
        if not desk.hits:
            return meter.draft(
                Draft(refusal=RefusalCode.no_evidence, reason="the search found nothing")
            )
        prompt = (
            f"Question: {question.text}\n\nThe host searched the source for the question:\n{first}"
        )
        limits = UsageLimits(request_limit=self.limits.max_tool_calls + 2 + 2 * MAX_REPAIRS)
        try:
            grace = min(FINAL_TURN_GRACE_S, self.limits.timeout_s)
            async with asyncio.timeout(self.limits.timeout_s + grace):
                output = await meter.run(self._agent, prompt, limits, self.model_settings)
        except TimeoutError:
            return meter.draft(
                Draft(
                    refusal=RefusalCode.budget_exhausted,
                    reason=f"the run took longer than its {self.limits.timeout_s:g} s budget "
                    "(WIKIQA_AGENT_TIMEOUT)",
                )
            )
        except Exception as exc:  # provider faults; see _fault
            return meter.draft(
                _fault(exc, self.spec, empty_turns=meter.empty_turns, cut_off=meter.cut_off)
            )
        return meter.draft(_draft(output, desk))


def _draft(output: AnswerOut | RefusalOut, desk: ReadingDesk) -> Draft:
    """Read the Draft off the branch the model filled."""
    if isinstance(output, RefusalOut):
        code = RefusalCode(output.code)
        reason = output.reason.strip() or "the model declined to answer"
        if desk.exhausted and code != RefusalCode.ambiguous:
            code, reason = RefusalCode.budget_exhausted, f"{desk.exhausted}; {reason}"
        elif desk.unavailable and desk.documents_read == 0:
            code = RefusalCode.source_unavailable
            reason = f"the source could not be read: {desk.unavailable}; {reason}"
        page = desk.disambiguation if code == RefusalCode.ambiguous else None
        return Draft(refusal=code, reason=reason, ambiguity=ambiguity(page) if page else None)
    return Draft(
        claims=[
            DraftClaim(
                text=c.text, quotes=[DraftQuote(doc_id=q.doc_id, quote=q.quote) for q in c.quotes]
            )
            for c in output.claims
        ]
    )


class _Meter:
    """Runs the agent turn by turn, emitting a `model` event per turn, and totals usage."""

    def __init__(self, answerer: AgentAnswerer, desk: ReadingDesk) -> None:
        self.answerer = answerer
        self.desk = desk
        self.input_tokens = 0
        self.output_tokens = 0
        self.requests = 0
        self.empty_turns = 0  # responses with neither text nor a tool call
        self.cut_off = 0  # responses stopped by the output token limit

    async def run(
        self, agent: Agent[ReadingDesk, Any], prompt: str, limits: Any, settings: dict[str, Any]
    ) -> AnswerOut | RefusalOut:
        reader = self.desk.reader
        started = time.perf_counter()
        async with agent.iter(
            prompt,
            deps=self.desk,
            model=self.answerer.model,
            usage_limits=limits,
            model_settings=cast(Any, settings),
        ) as run:
            async for node in run:
                if Agent.is_model_request_node(node):
                    started = time.perf_counter()
                elif Agent.is_call_tools_node(node):
                    response = node.model_response
                    self.requests += 1
                    self.input_tokens += response.usage.input_tokens
                    self.output_tokens += response.usage.output_tokens
                    calls = [p.tool_name for p in response.tool_calls]
                    if not calls and not response.text:
                        self.empty_turns += 1
                    if response.finish_reason == "length":
                        self.cut_off += 1
                    reader.emit(
                        "model",
                        f"turn {self.requests}: " + (", ".join(calls) or "text, no tool call"),
                        started,
                        input_tokens=response.usage.input_tokens,
                        output_tokens=response.usage.output_tokens,
                        tool_calls=[_describe(p) for p in response.tool_calls],
                        finish_reason=response.finish_reason,
                    )
            assert run.result is not None
            return cast(AnswerOut | RefusalOut, run.result.output)

    def draft(self, draft: Draft) -> Draft:
        reader = self.desk.reader
        calls = getattr(reader, "calls", None)
        usage = Usage(
            answerer="agent",
            model=self.answerer.spec,
            prompt_version=self.answerer.prompt.version,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            model_requests=self.requests,
            tool_calls=calls if isinstance(calls, int) else 0,
            cost_usd=cost_usd(
                self.answerer.spec, self.input_tokens, self.output_tokens, self.answerer.settings
            ),
        )
        return draft.model_copy(update={"usage": usage})


def _describe(call: ToolCallPart) -> str:
    """`read(doc_id='X')` for the trace; malformed arguments are shown, not parsed."""
    try:
        args = call.args_as_dict()
    except Exception:
        return f"{call.tool_name}(<malformed arguments>)"
    keep = ("query", "doc_id", "section", "code")
    shown = ", ".join(f"{k}={v!r}"[:80] for k, v in args.items() if k in keep)
    return f"{call.tool_name}({shown})"


# --------------------------------------------------------------------------- the agent


def _build_agent(instructions: str) -> Agent[ReadingDesk, Any]:
    agent: Agent[ReadingDesk, Any] = Agent(
        None,
        output_type=[
            ToolOutput(AnswerOut, name="answer"),
            ToolOutput(RefusalOut, name="refuse"),
        ],
        instructions=instructions,
        deps_type=ReadingDesk,
        # Tool/output retries cover malformed arguments (one correction each); the
        # citation repair turn is counted separately below.
        retries={"tools": 1, "output": 2 + MAX_REPAIRS},
        defer_model_check=True,
    )

    @agent.tool
    async def search(ctx: RunContext[ReadingDesk], query: str) -> str:
        """Search the source. Returns doc_ids, titles and short snippets (not citable)."""
        return await ctx.deps.search(query)

    @agent.tool
    async def read(ctx: RunContext[ReadingDesk], doc_id: str, section: str | None = None) -> str:
        """Read a document by doc_id: its lead, or one named section (e.g. "Infobox")."""
        return await ctx.deps.read(doc_id, section)

    @agent.output_validator
    async def check(
        ctx: RunContext[ReadingDesk], output: AnswerOut | RefusalOut
    ) -> AnswerOut | RefusalOut:
        desk = ctx.deps
        if isinstance(output, RefusalOut):
            return output
        if desk.documents_read == 0:
            desk.reader.emit(
                "repair", "answer before reading anything: rejected", time.perf_counter()
            )
            raise ModelRetry(
                "You have not read any document, so nothing can support an answer. "
                "Read a document (read(doc_id)) first, or refuse."
            )
        failed = _failed_quotes(output, desk)
        if failed and desk.repairs < MAX_REPAIRS:
            desk.repairs += 1
            desk.reader.emit(
                "repair",
                f"{len(failed)} quote(s) not found verbatim: one repair turn",
                time.perf_counter(),
                count=len(failed),
                failed=[f"{q.doc_id}: {q.quote[:60]!r}: {why}" for q, why in failed],
            )
            lines = "\n".join(
                f"- doc_id={q.doc_id!r} quote={q.quote!r}: {why}" for q, why in failed
            )
            raise ModelRetry(
                "These quotes were rejected by the host:\n"
                f"{lines}\n"
                "Copy quotes exactly from the <document> text you were shown, with the doc_id "
                "of that document, and drop any sentence you cannot support; or refuse."
            )
        return output

    return agent


def _failed_quotes(output: AnswerOut, desk: ReadingDesk) -> list[tuple[QuoteOut, str]]:
    """Quotes that are not verbatim spans of text shown in this run, with the reason."""
    failed: list[tuple[QuoteOut, str]] = []
    for claim in output.claims:
        if not claim.quotes:
            failed.append(
                (QuoteOut(doc_id="", quote=""), f"the sentence {claim.text[:80]!r} has no quote")
            )
        for q in claim.quotes:
            citation, why = desk.reader.locate(q.quote, q.doc_id)
            if citation is None:
                failed.append((q, why))
            elif citation.doc_id != q.doc_id:
                failed.append((q, f"found in doc_id {citation.doc_id!r}, not {q.doc_id!r}"))
    return failed


# --------------------------------------------------------------------------- faults


def _fault(exc: Exception, spec: str, *, empty_turns: int = 0, cut_off: int = 0) -> Draft:
    """Provider faults: a bad key or model name raises ModelConfigError (with the fix);
    everything else the model or provider can do wrong becomes a `model_error` or
    `budget_exhausted` refusal. Unknown exceptions are re-raised (they are bugs)."""
    from pydantic_ai.exceptions import (
        ModelAPIError,
        ModelAuthenticationError,
        ModelNotFoundError,
        ModelQuotaExceededError,
        OutputTokenLimitExceeded,
        UnexpectedModelBehavior,
        UsageLimitExceeded,
    )

    if isinstance(exc, ModelAuthenticationError):
        raise ModelConfigError(
            f"the model provider rejected the credentials for {spec!r} ({exc}); " + _key_fix(spec)
        ) from None
    if isinstance(exc, ModelNotFoundError):
        raise ModelConfigError(
            f"the model provider does not know the model in {spec!r} ({exc}); "
            "set WIKIQA_MODEL=provider:model to a model it serves"
        ) from None
    if isinstance(exc, ModelQuotaExceededError):
        raise ModelConfigError(
            f"the model provider account for {spec!r} is out of quota or credit ({exc})"
        ) from None
    if isinstance(exc, UsageLimitExceeded):
        return Draft(
            refusal=RefusalCode.budget_exhausted,
            reason=f"the model kept working past its budget ({exc})",
        )
    if isinstance(exc, OutputTokenLimitExceeded) or (
        isinstance(exc, UnexpectedModelBehavior) and cut_off and not empty_turns
    ):
        return Draft(
            refusal=RefusalCode.model_error,
            reason="the model's output was cut off at the token limit (WIKIQA_AGENT_MAX_TOKENS)",
        )
    if isinstance(exc, ModelAPIError):
        wait = getattr(exc, "retry_after", None)
        after = f"; the provider asked to retry after {wait:g} s" if wait else ""
        return Draft(
            refusal=RefusalCode.model_error,
            reason=f"the model provider failed after retries: {type(exc).__name__}: {exc}{after}",
        )
    if isinstance(exc, UnexpectedModelBehavior):
        detail = str(exc).split(". ")[0]
        if empty_turns:
            detail = (
                f"it returned neither text nor a tool call ({empty_turns} times); a reasoning "
                "model may have spent its output budget thinking (WIKIQA_AGENT_MAX_TOKENS)"
            )
        return Draft(
            refusal=RefusalCode.model_error,
            reason=f"the model did not produce a usable answer: {detail}",
        )
    raise exc


def _key_fix(spec: str) -> str:
    provider = spec.partition(":")[0].lower()
    if provider == "anthropic":
        return "set a valid key in ANTHROPIC_API_KEY or WIKIQA_ANTHROPIC_API_KEY"
    if provider == "openai":
        return "set a valid key in OPENAI_API_KEY or WIKIQA_OPENAI_API_KEY"
    return "set the key the server expects in WIKIQA_OPENAI_API_KEY"


# --------------------------------------------------------------------------- from settings


def agent_model_settings(spec: str, settings: Settings) -> dict[str, Any]:
    """Per-request model settings: max tokens always; temperature only when set (recent
    models reject it); a seed where the provider takes one (OpenAI-compatible servers)."""
    out: dict[str, Any] = {"max_tokens": settings.agent_max_tokens}
    if settings.agent_temperature is not None:
        out["temperature"] = settings.agent_temperature
    provider = spec.partition(":")[0].lower()
    if settings.agent_seed is not None and provider in OPENAI_COMPATIBLE_DEFAULT_URLS:
        out["seed"] = settings.agent_seed
    return out


def agent_from_settings(settings: Settings) -> AgentAnswerer:
    """The agent for `settings.model`; ConfigError (with the fix) when it cannot be built."""
    from wikiqa.llm.providers import build_model

    if not settings.model:
        raise ModelConfigError("no model configured: set WIKIQA_MODEL=provider:model")
    return AgentAnswerer(
        build_model(settings.model, settings),
        spec=settings.model,
        settings=settings,
        model_settings=agent_model_settings(settings.model, settings),
    )
