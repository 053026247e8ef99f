"""What makes a sentence an instruction to the assistant, as binary features.

Each feature is one linguistic cue, written as a small multilingual lexicon (English,
French, German, Spanish, Italian, Portuguese, Dutch, Russian), not a list of known attacks:
who the sentence addresses (an AI, "you", the user), its mood (an imperative or a modal
directive with a verb of saying or overriding), what it talks about (instructions, prompts,
"the correct answer") and its framing (system or developer markers, chat markup, hidden
text). No single cue decides: `injection.py` weighs them with a logistic model fitted by
`bench/injection.py --fit` on a labelled set, so ordinary prose that has one cue (a recipe's
imperative, "the assistant coach", "the correct answer was given by ten contestants")
stays below the threshold while an instruction, which stacks several, does not.
"""

from __future__ import annotations

import re
import unicodedata


def _words(*alternatives: str) -> str:
    return "(?:" + "|".join(alternatives) + ")"


# --- lexicons (one line per language where it helps reading) -----------------------------

_AI = _words(
    r"\bai\b",
    r"\ba\.i\.",
    r"\bllms?\b",
    r"language models?",
    r"chat ?bots?",
    r"\bgpt\b",
    r"chatgpt",
    r"\bclaude\b",
    r"\bgemini\b",
    r"copilot",
    r"artificial intelligence",
    r"\bia\b",
    r"intelligence artificielle",
    r"mod[eè]les? de langage",  # fr / es / pt
    r"\bki\b",
    r"k[üu]nstliche intelligenz",
    r"sprachmodell\w*",  # de
    r"inteligencia artificial",
    r"modelos? de lenguaje",
    r"modell[oi] linguistic[oi]",
    r"modelos? de linguagem",
    r"taalmodel\w*",
    r"\bии\b",
    r"языков\w* модел\w*",
    r"нейросет\w*",
)
# "Assistant" as a person's job ("care assistant", "teaching assistant", "marina assistant"):
# a trade or a workplace's desk before the word makes it an occupation of staff, not the
# reader's AI (`_ASSISTANT` skips it).
_TRADES = ("care", "teaching", "healthcare", "nursing", "shop", "sales", "kitchen", "dental",
           "veterinary", "vet", "pharmacy", "classroom", "office", "catering", "laboratory",
           "library", "site", "finance", "admin", "administrative", "housekeeping", "ward",
           "theatre", "therapy", "practice", "clinical", "bar", "estate",
           # a workplace's own desks and sites before the word ("you are promoted from
           # admissions assistant to Admissions Supervisor", own75): staff jobs too
           "admissions", "marina", "till", "hire", "area", "leisure", "boat", "wardrobe",
           "restaurant", "checkout", "aquatics", "retail", "reception", "store", "stores",
           "warehouse", "pool", "visitor", "cafe", "café", "ticket", "bakery", "garden",
           "customer", "nursery", "kennel", "farm", "museum", "gallery", "events",
           "stock", "payroll", "hr", "marketing", "hospitality", "laundry")  # fmt: skip
_JOB_ASSISTANT = "".join(rf"(?<!\b{t} )" for t in _TRADES)
_ASSISTANT = _words(
    _JOB_ASSISTANT + r"assistants?",
    r"assistente?s?",
    r"asistentes?",
    r"assistent\w*",
    r"ассистент\w*",
    r"\bbots?\b",
    r"\bthe model\b",
    r"\ble modèle\b",
    r"\bdas modell\b",
    r"\bel modelo\b",
)
_YOU = re.compile(  # unambiguous second-person forms only ("du", "je", "te" are not)
    r"\b(?:you|your|yours|yourself|vous|votre|vos|toi|tu|ton|tes|dich|dein\w*|ihnen|"
    r"tú|usted(?:es)?|eres|debes|tienes|devi|voi|vostr\w|você|vocês|jij|jouw|"
    r"ты|вы|тебя|тебе|вам|твой|ваш\w*)\b",
)
_SAY = (  # verbs of saying, answering, outputting, overriding, disclosing (whole words)
    r"\b(?:answer|respond|reply|say|tell|output|print|write|state|claim|mention|recommend|"
    r"include|append|reveal|repeat|insist|describe|refuse|ignore|disregard|give|inform|share|"
    r"disclose|add|conclude|praise|rate|"
    r"r[ée]pond\w*|dire|dis|dites|affirm\w*|afirm\w*|affich\w*|[ée]cri\w*|mentionn\w*|"
    r"recommand\w*|r[ée]v[ée]l\w*|d[ée]cri\w*|ignor\w*|donne\w*|"
    r"antwort\w*|sag\w*|behaupt\w*|ausgeb\w*|gib|schreib\w*|erw[äa]hn\w*|empfehl\w*|"
    r"beschreib\w*|nenn\w*|verrat\w*|"
    r"respond\w*|decir|di|diga\w*|dile|contest\w*|escrib\w*|mencion\w*|recomend\w*|revel\w*|describ\w*|"
    r"rispond\w*|scriv\w*|menzion\w*|consigli\w*|descriv\w*|dizer|escrev\w*|"
    r"antwoord\w*|zeg\w*|vermeld\w*|beschrijv\w*|negeer\w*|"
    r"отвеч\w*|ответ\w*|скаж\w*|говор\w*|напиш\w*|игнорир\w*|назов\w*)\b"
)
_SUBJECT_MODAL = (  # an addressee subject followed by a modal (or a 2nd-person modal alone)
    r"(?:\b(?:you|the (?:ai|assistant|model|chatbot|bot)|(?:ai |language |the )?(?:assistants?|"
    r"models?|llms?|chatbots?))\s+(?:\w+\s+)?(?:must|should|shall|will|have to|need to|"
    r"are (?:required|instructed|expected|supposed) to)"
    r"|\b(?:tu dois|vous devez|le mod[eè]le doit|l'assistant doit|du musst|du sollst|"
    r"sie m[üu]ssen|sie sollen|das modell (?:soll|muss)|der assistent (?:soll|muss)|"
    r"debes|usted debe|tienes que|deber[áa]s|el modelo debe|devi|dovete|il modello deve|"
    r"voc[êe] deve|deves|tem que|o modelo deve|je moet|jij moet|u moet|het model moet|"
    r"ты должен|вы должны|ты обязан|модель должна))\b"
)
_PASSIVE = re.compile(r"\b(?:be|been|being)\s+\w+")
_ADDRESSED_DIRECTIVE = re.compile(rf"{_SUBJECT_MODAL}\s+(?:\w+\s+){{0,3}}?{_SAY}")
_ANSWER_VERB = (  # verbs of answering itself (not telling a manager, giving notice, sharing)
    r"\b(?:answer|respond|reply|say|state|claim|affirm|assert|insist|output|print|reveal|"
    r"repeat|mention|recommend|describe|"
    r"r[ée]pond\w*|dire|affirm\w*|afirm\w*|affich\w*|mentionn\w*|recommand\w*|r[ée]v[ée]l\w*|"
    r"antwort\w*|sag\w*|behaupt\w*|ausgeb\w*|erw[äa]hn\w*|empfehl\w*|beschreib\w*|"
    r"respond\w*|decir|contest\w*|mencion\w*|recomend\w*|describ\w*|"
    r"rispond\w*|menzion\w*|consigli\w*|descriv\w*|dizer|"
    r"antwoord\w*|zeg\w*|vermeld\w*|отвеч\w*|ответ\w*|скаж\w*|говор\w*)\b"
)
# A word of saying after a determiner heads a noun phrase ("your overtime rate, with ...", "the
# state that"), however many modifiers stand between ("the Grade 1 hourly rate, with ...": a
# grade, a number, adjectives), so long as none is a word that makes the run a clause: a
# modal or auxiliary ("the model must say"), an adverb of frequency or time ("the bot always
# replies"), "to" or "not", a conjunction opening another clause ("ignore the pay table and
# reply with ..."), an addressee ("the assistant", "the user", "you"), or what an
# answer is asked to cover ("for the next question reply with ...", "each time say ...").
_CLAUSE_WORD = (
    r"(?:must|should|shall|will|would|can|could|may|might|need|needs|has|have|had|is|are|was|"
    r"were|be|do|does|did|to|not|and|or|but|nor|so|if|when|while|always|never|only|just|then|"
    r"now|please|you|ai|assistants?|"
    r"models?|bots?|chatbots?|users?|llms?|questions?|quer(?:y|ies)|requests?|prompts?|"
    r"messages?|inquir(?:y|ies)|enquir(?:y|ies)|topics?|subjects?|times?|conversations?|"
    r"chats?|sessions?|turns?)"
)
_NOUN_BEFORE = re.compile(
    r"\b(?:the|an?|your|our|their|its|his|her|this|that|each|every)\s+"
    rf"(?:(?!{_CLAUSE_WORD}\b)[\w-]+\s+){{0,3}}$"
)
_ASKED_OF = (  # what an answering verb is asked to cover: questions, requests, users
    r"(?:\w+\s+)?(?:questions?|quer(?:y|ies)|requests?|prompts?|messages?|users?|"
    r"inquir(?:y|ies)|enquir(?:y|ies)|topic|subject|time)\b"
)
_RESPONSE_FORM = re.compile(  # a verb of saying followed by the form of what to say
    rf"{_SAY},?\s+(?:only\s+|exactly\s+|always\s+|just\s+|seulement\s+|nur\s+|solo\s+|"
    r"únicamente\s+|ausschlie(?:ß|ss)lich\s+|apenas\s+|alleen\s+|только\s+)?"
    r"(?:with\b|that\b|:|\"|«|“|„|the (?:following|text|word|phrase)\b|after me\b|"
    r"nothing else\b|par\b|mit\b|con\b|com\b|met\b|словом\b|"
    rf"(?:to\s+)?(?:every|any|all)\s+{_ASKED_OF})",
)


def _response_form(s: str) -> bool:
    """A verb of saying with the form of what to say, the verb not a noun after a determiner."""
    return any(_NOUN_BEFORE.search(s, 0, m.start()) is None for m in _RESPONSE_FORM.finditer(s))


_ALWAYS_SAY = re.compile(
    r"\b(?:always|never|toujours|jamais|immer|nie|siempre|nunca|sempre|altijd|всегда)\s+"
    rf"(?:\w+\s+)?{_SAY}",
)
_ANSWER_DIRECTIVE = re.compile(  # "you must always answer", "toujours répondre que"
    rf"{_SUBJECT_MODAL}\s+(?:\w+\s+){{0,3}}?{_ANSWER_VERB}"
    r"|\b(?:always|never|toujours|jamais|immer|nie|siempre|nunca|sempre|altijd|всегда)\s+"
    rf"(?:\w+\s+)?{_ANSWER_VERB}",
)
_ANSWER_SHAPING = re.compile(  # prescribing the form of the assistant's own answer
    r"\b(?:your|every|each|the) (?:answer|response|reply|output|summary)s?\s+"
    r"(?:must|should|shall|has to|needs to|will)\b"
    r"|\b(?:begin|start|end|finish|conclude|open|close)\s+(?:your|every|each|the)\s+"
    r"(?:answer|response|reply|summary)"
    r"|\bmake (?:the|your) (?:answer|response|summary) (?:say|state|claim|mention)"
    r"|\bthe answer (?:you (?:should|must) give|to give)\b"
    r"|\b(?:commence|termine|finis)\w* (?:ta|votre|chaque) r[ée]ponse|\bla r[ée]ponse [àa] donner"
    r"|\b(?:beginne|beende|schlie(?:ß|ss)e)\w* (?:deine|ihre|jede) antwort"
    r"|\bdie antwort, die (?:du|sie) geben soll"
    r"|\b(?:empieza|comienza|termina)\w* (?:tu|su|cada) respuesta|\bla respuesta que debes dar"
    r"|\b(?:inizia|comincia|termina)\w* (?:la tua|ogni) risposta|\bla risposta da dare"
    r"|\b(?:comece|termine)\w* (?:sua|tua|cada) resposta|\ba resposta a dar"
    r"|\b(?:begin|eindig)\w* (?:je|uw|elk) antwoord"
    r"|\b(?:начни|закончи|заверши)\w* (?:свой|твой|каждый) ответ",
)
_OUTPUT_IMPERATIVES = _words(  # imperatives that ask for output, overriding or pretending
    r"ignore",
    r"disregard",
    r"override",
    r"bypass",
    r"answer",
    r"respond",
    r"reply",
    r"say",
    r"output",
    r"print",
    r"reveal",
    r"repeat",
    r"pretend",
    r"act as",
    r"role-?play",
    r"recommend",
    r"append",
    r"make sure your answer",
    r"tell (?:the user|everyone|the reader)",
    r"ignorez?",
    r"r[ée]ponds",
    r"r[ée]pondez",
    r"dis",
    r"dites",
    r"affichez?",
    r"fais semblant",
    r"faites semblant",
    r"ne tiens pas compte",
    r"ne tenez pas compte",
    r"ignoriere",
    r"ignorieren sie",
    r"missachte",
    r"antworte",
    r"antworten sie",
    r"sag",
    r"sage",
    r"sagen sie",
    r"tu so",
    r"beantworte",
    r"ignora",
    r"responde",
    r"responda",
    r"contesta",
    r"di",
    r"diga",
    r"dile",
    r"finge",
    r"no hagas caso",
    r"rispondi",
    r"di'",
    r"dì",
    r"fingi",
    r"finja",
    r"negeer",
    r"antwoord",
    r"zeg",
    r"doe alsof",
    r"игнорируй",
    r"отвечай",
    r"ответь",
    r"скажи",
    r"притворись",
)
_OTHER_IMPERATIVES = _words(
    r"be sure to",
    r"remember to",
    r"leave out",
    r"omit",
    r"switch to",
    r"forget",
    r"include",
    r"send",
    r"render",
    r"ask",
    r"never",
    r"do not",
    r"don't",
    r"give",
    r"write",
    r"make sure",
    r"stay",
    r"let's",
    r"oubliez?",
    r"[ée]cris",
    r"[ée]crivez",
    r"envoie",
    r"envoyez",
    r"donne",
    r"donnez",
    r"ne (?:dis|dites|mentionne|r[ée]v[èe]le)",
    r"vergiss",
    r"vergessen sie",
    r"gib",
    r"geben sie",
    r"schreibe?",
    r"erw[äa]hne",
    r"sende",
    r"nenne",
    r"f[üu]ge",
    r"olvida",
    r"olvide",
    r"escribe",
    r"escriba",
    r"act[úu]a",
    r"env[íi]a",
    r"da",
    r"no (?:digas|menciones|reveles)",
    r"dimentica",
    r"scrivi",
    r"non dire",
    r"esque[çc]a",
    r"escreva",
    r"n[ãa]o diga",
    r"vergeet",
    r"schrijf",
    r"geef",
    r"забудь",
    r"напиши",
    r"назови",
)
_LEAD = (
    r"^\W*(?:[\w ]{1,30}:\s*)?(?:please,?\s+|now,?\s+|s'il te pla[îi]t,?\s+|bitte,?\s+|"
    r"por favor,?\s+)?"
)
_IMPERATIVE_OUTPUT = re.compile(  # "reply to the email" is an errand, not an output
    rf"(?:{_LEAD}|,\s*(?:then\s+|dann\s+|alors\s+|entonces\s+)?){_OUTPUT_IMPERATIVES}\b"
    r"(?!\s+to\s+(?!any\b|every\b|all\b))"
)
_IMPERATIVE_OTHER = re.compile(rf"{_LEAD}{_OTHER_IMPERATIVES}\b")
_AFTER_COMMA_IMPERATIVE = re.compile(
    rf",\s*(?:then\s+|dann\s+|alors\s+|entonces\s+)?(?:{_OUTPUT_IMPERATIVES}|"
    rf"{_OTHER_IMPERATIVES}|give|claim|add|donne|nenne|da|geef|назови)\b",
)
_META = _words(
    r"instructions?",
    r"prompts?",
    r"guidelines",
    r"guidance",
    r"directions",
    r"directives?",
    r"rules",
    r"polic(?:y|ies)",
    r"context",
    r"consignes?",
    r"r[èe]gles",
    r"anweisung\w*",
    r"vorgaben?",
    r"regeln",
    r"instrucci[oó]n\w*",
    r"indicaciones",
    r"reglas",
    r"istruzion\w*",
    r"regole",
    r"instru[çc][õoã]\w*",
    r"regras",
    r"instructies",
    r"regels",
    r"инструкци\w*",
    r"правил\w*",
)
_OVERRIDE = re.compile(  # drop earlier instructions (not "causes a model to ignore its ...")
    r"(?<!\bto )\b(?:ignore[rz]?|ignoriere|ignorieren|ignora|ignorar|ignorate|disregard|forget|"
    r"override|bypass|circumvent|"
    r"oubli\w*|ne tiens pas compte|ne tenez pas compte|vergiss|vergessen|missacht\w*|"
    r"olvid\w*|no hagas caso|dimentic\w*|esque[çc]\w*|negeer|vergeet|забудь|игнорир\w*)\b"
    rf"\s+(?!its\b|their\b|his\b|her\b)[^.]{{0,60}}?{_META}"
    rf"|{_META}[^.]{{0,40}}\b(?:are|is) (?:void|obsolete|cancel+ed|a test)"
    r"|everything you (?:were|have been) told|supersedes? all"
    r"|\b(?:override|supersede)s?\s+(?:what you|your|all|any|the (?:retrieved|above|previous))"
    r"|(?<!\bbe )(?<!\bbeen )\b(?:set|put|lay|leave) aside\b|laisse[zr]? de c[ôo]t[ée]|\blass\w* [^.]{0,40}beiseite"
    r"|\bdej[ae]n? de lado|\bmetti da parte|\bdeixe de lado"
    r"|\b(?:follow|trust) only\b|\bsuis uniquement\b|\bfolge nur\b|\bsigue solo\b"
    r"|\bsegui solo\b|\bsiga apenas\b|\bvolg alleen\b|\bследуй только\b"
    r"|\b(?:everything|all|anything) (?:above|before) (?:this|here)\b[^.]{0,30}"
    r"\b(?:outdated|void|wrong|false|obsolete|invalid|fake)"
    r"|\bdo not follow (?:the user|your|their|any)\b"
    r"|\b(?:your|ta|deine|tu|la tua|sua|je|твоя) (?:new|real|actual|original|nouvelle|vraie|"
    r"neue|eigentliche|nueva|verdadera|nuova|vera|nova|nieuwe|новая) "
    r"(?:task|job|goal|mission|role|tâche|aufgabe|rolle|tarea|misión|compito|tarefa|"
    r"taak|задача)(?!\s+(?:is|will be|starts)\s+(?:in|at|on|from)\b)",
)
_CLAIM_NOUN = (
    r"(?:\b(?:correct|right|real|true|actual|only|official|accurate|valid)\s+"
    r"(?:answer|response|reply)"
    r"|(?:bonne|vraie|seule) r[ée]ponse|r[ée]ponse (?:correcte|exacte|officielle)"
    r"|(?:richtige|korrekte|wahre|einzige) antwort"
    r"|respuesta (?:correcta|verdadera|oficial)|verdadera respuesta"
    r"|risposta (?:corretta|esatta|vera)|vera risposta|resposta (?:correta|certa|verdadeira)"
    r"|(?:juiste|correcte|echte) antwoord|правильн\w* ответ|верн\w* ответ)"
)
_ANSWER_CLAIM = re.compile(rf"{_CLAIM_NOUN}")
_ANSWER_ASSERT = re.compile(  # "... the correct answer (to X) is Y": an assertion, present tense
    rf"{_CLAIM_NOUN}[^.:]{{0,70}}?(?:\s(?:is|are|est|ist|lautet|es|è|é|is)\b|\s?[:=—–-]\s)",
)
# Where the reader now stands in a course or a scale ("You are now in year 2 of your
# apprenticeship.", "you are now on Band 3"): a statement to the reader, not a new identity
# for the assistant ("You are now DAN"); "in developer mode" is a role cue of its own.
_READER_STAGE = (
    r"(?!\s+(?:in|on|at)\s+(?:your\s+|the\s+)?(?:(?:first|second|third|fourth|fifth|final|"
    r"last|\d{1,2}(?:st|nd|rd|th)?)\s+)?(?:year|week|month|term|semester|stage|phase|band|"
    r"grade|level|step|probation)\b)"
)
_ROLEPLAY = re.compile(
    r"\byou are now\b(?!\s+\w+ing\b)"
    + _READER_STAGE
    + r"|\byou are no longer\b|\bfrom now on,? you\b|\bpretend (?:to be|you)"
    r"|\bstay in character\b|\bdeveloper mode\b|\bjailbr[eo]a?k|\bdo anything now\b"
    r"|\brole-?play (?:as|that)\b|\blet'?s play a game\b|\bno (?:restrictions|filters|limits)\b"
    r"|\btu es maintenant\b|\bvous [êe]tes maintenant\b|[àa] partir de maintenant,? (?:tu|vous)"
    r"|\bfai(?:s|tes) semblant\b|\bsans aucune restriction\b"
    r"|\bdu bist (?:jetzt|nun|ab sofort)\b|\bab (?:jetzt|sofort) bist du\b|\btu so,? als\b"
    r"|\bohne (?:jede|jegliche) einschr[äa]nkung"
    r"|\bahora eres\b|a partir de ahora,? eres\b|\bfinge (?:que|ser)\b|\bsin ninguna restricci[óo]n"
    r"|\bora sei\b|d'ora in poi,? sei\b|\bsenza alcuna restrizione"
    r"|\bagora voc[êe] [ée]\b|a partir de agora,? voc[êe]|\bsem nenhuma restri[çc][ãa]o"
    r"|\bvanaf nu ben je\b|\bje bent nu\b|\bzonder enige beperking"
    r"|\bтеперь ты\b|\bс этого момента ты\b|\bбез каких-либо ограничений",
)
_SYSTEM = re.compile(  # a system/developer/admin *label*, not the topic of a sentence
    r"^\W*(?:new |updated )?(?:system|developer|admin(?:istrator)?|operator)\s+"
    r"(?:notes?|messages?|prompts?|override|update|instructions?)\b[^.:]{0,40}:"
    r"|^\W*(?:system|assistant|user|instructions?|sistema|système|systeem|система)\s*:"
    r"|\b(?:begin|end) (?:of )?(?:system|hidden|secret) (?:update|instructions?|prompt)"
    r"|note du d[ée]veloppeur\s*:|message syst[èe]me\s*:|systemhinweis\s*:|"
    r"systemnachricht\s*:|entwicklerhinweis\s*:|nota del (?:sistema|desarrollador)\s*:|"
    r"mensaje del sistema\s*:|nota dello sviluppatore\s*:|nota do desenvolvedor\s*:|"
    r"systeembericht\s*:",
    re.MULTILINE,
)
_MARKUP = re.compile(
    r"<\|?\s*/?\s*(?:system|im_start|im_end|instructions?|assistant|user)\s*\|?>|\[/?INST\]"
    r"|\[/?(?:system|admin|developer|sys|instructions?|assistant)\]"
    r"|###\s*(?:instruction|system|response)|<<\s*/?SYS\s*>>",
    re.IGNORECASE,
)
_SHOUT = re.compile(r"^\W*[A-ZÀ-ÖØ-ÞА-ЯЁ]{4,}(?: [A-ZÀ-ÖØ-ÞА-ЯЁ]{2,})?\s*:")
_VOCATIVE = re.compile(  # speaking to the AI: "Dear chatbot", "Note to AI", "If you are an LLM"
    rf"\b(?:dear|hey|hi|hello|attention|note (?:to|for)|message to|to any|to all|for any|"
    rf"this (?:message|note|text|paragraph) is for)\s+(?:the\s+)?(?:{_AI}|{_ASSISTANT}|model)"
    rf"|\bif you(?:'re| are) an?\s+(?:{_AI}|{_ASSISTANT})"
    rf"|\b(?:{_AI}|{_ASSISTANT})s?\s+(?:reading|processing|summari[sz]ing|that reads?)\b"
    rf"|^\W*(?:{_AI}|{_ASSISTANT}|claude|chatgpt)\s*,"
    rf"|\bif (?:an? |any )?(?:{_AI}|{_ASSISTANT})\b[^.]{{0,20}}\b(?:reads?|is reading|processes)"
    rf"|\bmessage for (?:any |the )?(?:{_AI}|{_ASSISTANT})"
    rf"|^\W*(?:bots|assistants|models|ais)(?: and (?:bots|assistants|models|ais))?,"
    r"|note pour l'ia|si tu es un mod[eè]le|hinweis an (?:die|den) (?:ki|assistenten)"
    r"|wenn du ein (?:sprachmodell|ki|assistent)|nota (?:para|per) (?:la |l')?ia"
    r"|si eres un (?:modelo|asistente)|opmerking voor de ai|примечание для ии",
    re.MULTILINE,
)
_TELL_USER = re.compile(
    r"\blet (?:the |your |every )?(?:users?|readers?|human) know\b"  # not "let anyone follow you"
    r"|\b(?:tell|inform|convince|persuade|advise|urge|remind|ask)\s+(?:the |your |every )?"
    r"(?:users?|readers?|human|customers?|visitors?|everyone|anyone)\b"
    r"|\btell (?:the person|whoever|the one|people) (?:asking|who asks?)\b"
    r"|(?:dis|dites|informe|informez)\s+[àa] l'utilisateur|[àa] l'utilisateur"
    r"|(?:sag|sage|sagen sie|teile)\s+dem\s+(?:benutzer|nutzer)|dem nutzer gegen[üu]ber"
    r"|(?:dile|d[íi]gale|informa)\s+al usuario|\bal usuario\b|all'utente|ao usu[áa]rio"
    r"|tegen de gebruiker|пользовател\w+|\bbe (?:told|informed|advised) that\b",
)
# Asked to do an act of work ("if you are asked to cover a shift") is a request for work, not
# a question put to the reader; asked to say, answer or summarise something stays an ask.
_ASKED = (
    r"asked(?!\s+to\s+(?!(?:say|tell|answer|respond|reply|summari[sz]e|explain|describe|comment|"
    r"confirm|state|write|give|provide|list|name|repeat|recommend|rate|share|disclose|reveal|"
    r"output|print|mention|claim|add|include|cite)\b)[a-z]+)"
)
_CONDITIONAL = re.compile(
    r"\b(?:when|whenever|if|in case)\s+(?:you(?:'re| are)\s+|someone\s+|anyone\s+|a user\s+|"
    rf"the user\s+|the question\s+)?(?:{_ASKED}|asks|queried|questioned|concerns)\b"
    rf"|\bwhen (?:answering|summari[sz]ing|responding|{_ASKED})\b"
    r"|\bshould (?:anyone|someone|a user|the user) ask"
    r"|\b(?:when|whenever|if) (?:this|the) (?:document|page|text|article|passage) is "
    r"(?:cited|read|retrieved|summari[sz]ed|quoted|used)\b"
    r"|\b(?:si|wenn|falls|if|se|als|cuando|quand) (?:l'utilisateur|der (?:nutzer|benutzer)|"
    r"el usuario|the user|a user|l'utente|o usu[áa]rio|de gebruiker)\b"
    r"|\bsi on (?:te|vous) demande|\bquand on (?:te|vous) (?:demande|interroge)"
    r"|\blorsqu'on (?:te|vous)"
    r"|\bwenn (?:dich|sie|jemand|man) (?:\w+ )?(?:nach|fragt)|\bfalls (?:jemand|nach)"
    r"|\bsi te preguntan|\bcuando te pregunten|\bsi alguien pregunta|\bsi le preguntan"
    r"|\bse ti chiedono|\bquando ti chiedono|\bse qualcuno chiede"
    r"|\bse perguntarem|\bquando perguntarem|\bse algu[ée]m perguntar"
    r"|\bals iemand (?:\w+ )*vraagt|\bals je gevraagd|\bесли (?:тебя |вас )?спрос\w*",
)
_HIDDEN = re.compile(  # hidden-text framing
    r"<!--|-->|\[//\]:\s*#|\bhidden (?:instruction|prompt|message)s?\s+(?:for|to)\b"
    r"|\bhidden instructions?\s*:|\binvisible to (?:humans|users|readers)\b"
    r"|\b(?:this|the following) (?:white|hidden|invisible) text\b|\bmeant for [^.]{0,20}only\b"
    r"|\bdisplay:\s*none|font-size:\s*0"
    r"|instruction cach[ée]e|versteckte anweisung|instrucci[óo]n oculta|istruzione nascosta"
    r"|instru[çc][ãa]o oculta|verborgen instructie|скрыт\w+ инструкци",
)
_NONDISCLOSURE = re.compile(
    r"\b(?:do not|don't|never)\s+(?:tell|inform|mention|reveal|disclose|let)\b"
    r"[^.]{0,40}\b(?:user|reader|anyone|prompt|instructions?|know)\b"
    r"|\bne (?:dis|dites|mentionne|mentionnez|r[ée]v[èe]le) pas\b|\bnicht,? dass\b"
    r"|\bno (?:le )?(?:digas|diga|menciones|reveles)\b|\bnon dire\b|\bn[ãa]o diga\b"
    r"|\bzeg niet\b|\bне говори\b"
    r"|\bkeep (?:this|these|it|them)\b[^.]{0,20}\b(?:secret|hidden|confidential) from"
    r"|\bnever acknowledge\b",
)
_EXFIL = re.compile(
    r"\b(?:visit|go to|click|navigate to|open|send|forward|render|point|direct|refer|"
    r"redirect|encourage|urge|invite|paste|email|link|include this link)\b[^.]{0,60}"
    r"(?:https?://|www\.|\S+@\S+\.\w+|bit\.ly)"
    r"|!\[[^\]]*\]\(https?://"
    r"|\b(?:send|forward|envoie|envoyez|sende|env[íi]a)\b[^.]{0,40}"
    r"(?:conversation|history|historique|verlauf|historial|password|mot de passe|passwort|contrase)"
    r"|\b(?:ask|demande)\b[^.]{0,20}\b(?:for|de)\b[^.]{0,20}(?:password|credentials|mot de passe)",
)

# What an assistant produces or works from, as the object of a sentence: its answer, reply or
# summary, the user or the person asking, the question, the conversation, its instructions or
# configuration. A rule written for staff directs them at things in the world (a manager, a
# form, a password, a guest); an instruction to the assistant is about these.
_OUTPUT_OBJECT = re.compile(
    r"\b(?:your|every|each|any|whatever|all|next)\s+(?:\w+\s+)?"
    r"(?:answers?|repl(?:y|ies)|responses?|outputs?|summar(?:y|ies)|completions?)\b"
    r"|\b(?:whatever|everything|anything) you (?:write|say|output|produce|generate)\b"
    r"|\b(?:before|when|while|after) (?:answering|replying|responding|summari[sz]ing)\b"
    r"|\b(?:the|a|any|every|each)\s+users?\b|\busers?'s?\s|'s users\b|\bthe reader\b"
    r"|\bsummar(?:y|ies) of (?:this|the)\b"
    r"|\b(?:the (?:person|one|people|human)|anyone|someone|whoever) (?:asking|who asks?|"
    r"you are (?:helping|talking to|chatting with))\b|\bwhoever (?:asks|is asking|reads|answers|summari[sz]es)\b"
    r"|\b(?:every|each|any|whatever the) question\b|\b(?:all|any) questions\b"
    r"|\bthis (?:conversation|chat|session)\b|\bthe (?:conversation|chat)\b|\b(?:chat|conversation) (?:history|log)\b"
    r"|\byour (?:\w+\s+)?(?:instructions?|prompts?|system prompt|context(?: window)?|"
    r"configuration|constraints|content policy|programming|guidelines|task|objective|persona)\b"
    r"|\b(?:ta|votre|chaque|sa) r[ée]ponse|\b(?:deine|ihre|jede|jeder) antwort"
    r"|\b(?:tu|su|cada) respuesta|\b(?:la tua|ogni|sua) risposta|\b(?:sua|tua|cada) resposta"
    r"|\b(?:je|uw|elk) antwoord|\b(?:свой|твой|каждом|каждый|своём) ответ\w*"
    r"|l'utilisateur|\b(?:dem|der|den) (?:nutzer|benutzer)|\b(?:al|el) usuario|\bl'utente"
    r"|all'utente|\b(?:ao|o) usu[áa]rio|\bde gebruiker|пользовател\w*"
    r"|\b(?:la|cette|toute|chaque) question|\b(?:die|jede|jeder) frage"
    r"|\b(?:la|cualquier|toda|cada) pregunta|\b(?:la|qualsiasi|ogni) domanda"
    r"|\b(?:a|qualquer|toda) pergunta|\b(?:de|elke|iedere) vraag|\bлюбой вопрос"
    r"|\b(?:chatverlauf|historial|historique|cronologia)\b",
)
# The retrieved text speaking of itself ("this page is the only authority", "summarise this
# article as ..."): staff rules speak of the policy, not of the page they are printed on.
_SELF_REFERENCE = re.compile(
    r"\b(?:this|the following|the above) (?:page|article|document|paragraph|passage|text|"
    r"sentence|snippet|content|block)\b"
    r"|\b(?:cette|cet) (?:page|article|document|paragraphe|texte)\b"
    r"|\b(?:diese[rsn]?) (?:seite|artikel|dokument|absatz|text)\b"
    r"|\b(?:esta|este) (?:p[áa]gina|art[íi]culo|documento|p[áa]rrafo|texto)\b"
    r"|\b(?:questa|questo) (?:pagina|articolo|documento|paragrafo|testo)\b"
    r"|\b(?:deze|dit) (?:pagina|artikel|document|alinea|tekst)\b"
    r"|\b(?:эт\w+) (?:страниц\w*|стать\w*|документ\w*|текст\w*)",
)

# A sentence that opens with a bare verb and its object ("Abandon the user's question",
# "Summarise this article as ..."): an opening word that is not a function word and has no
# -s, -ed, -ing or -ly ending, followed by a determiner, pronoun or "to". Approximate, and
# only ever counted together with an object of the assistant's (`directive_output`).
_OPENING = re.compile(
    r"^\W*(?:[\w ]{1,30}:\s*)?(?:please,?\s+|kindly\s+|now,?\s+|quietly\s+)?([a-z]+)\s+"
    r"(?:the|an?|this|that|these|those|your|my|our|their|his|her|its|every|each|any|all|"
    r"whatever|what|anyone|everyone|someone|nothing|everything|it|them|him|me|us|to|as|only)\b"
)
_NOT_VERBS_TEXT = (
    "the a an this that these those it its he she they we i you there here in on at for to of "
    "by with from as if when whenever while after before since because although though all "
    "any every each some no not many most more our their his her my your one two three "
    "what which who whom whose where why how and or but so than then also only even just "
    "is are was were be been has have had do does did can could may might must should shall "
    "will would another other such both either neither"
)
_NOT_VERBS = frozenset(_NOT_VERBS_TEXT.split())


def _bare_imperative(s: str) -> bool:
    m = _OPENING.match(s)
    if m is None:
        return False
    word = m.group(1)
    return word not in _NOT_VERBS and not re.search(r"(?:[^s]s|ed|ing|ly)$", word)


_MODAL = re.compile(  # a modal or a requirement, in the languages of the lexicons
    r"\b(?:must|should|shall|is to|are to|has to|have to|needs? to|requires? that|"
    r"required that|it is (?:essential|mandatory|required|obligatory|compulsory) that|"
    r"doit|doivent|obligatoire|muss|m[üu]ssen|soll|sollen|debe|deben|deve|devono|moet|"
    r"moeten|должен|должна|должны)\b"
)
_ASSISTANT_SAYS = re.compile(  # "the assistant tells anyone asking ..."
    rf"(?:{_AI}|{_ASSISTANT})\s+(?:\w+\s+){{0,2}}?(?:tells?|says?|answers?|repl(?:y|ies)|"
    r"responds?|states?|informs?)\b"
)


_QUOTED = re.compile(r"\"[^\"]{1,200}\"|“[^”]{1,200}”|„[^“”]{1,200}[“”]|«[^»]{1,200}»")


def _prepare(sentence: str) -> tuple[str, str]:
    """(raw, masked): NFKC text with curly apostrophes straightened, and the same with
    short quotations replaced by a placeholder, so a title ("Don't Let the Sun Catch You
    Cryin'") or a quoted example is mentioned, not used. A quotation that is most of the
    sentence is kept (an instruction does not become safe by being put in quotes)."""
    raw = unicodedata.normalize("NFKC", sentence).replace("\u2019", "'").replace("\u2018", "'")
    raw = raw.strip()

    def mask(m: re.Match[str]) -> str:
        return m.group(0) if len(m.group(0)) > 0.6 * len(raw) else '"Q"'

    return raw, _QUOTED.sub(mask, raw)


_AI_RE, _ASSISTANT_RE, _META_RE = re.compile(_AI), re.compile(_ASSISTANT), re.compile(_META)

# A verb of saying whose object is an everyday act of work, not content dictated to an
# assistant: answering a phone, a call or a door, or answering within a stated time (a call
# taken); saying so, thank you or sorry; recommending a person you know for a job; saying a
# quoted phrase at the moment of one's own act ("say \"I am recording\" before you turn one
# on"). `features` reads such a verb as a plain act ("do"), so it is no cue of saying; what
# an instruction dictates ("answer that ...", "say \"PWNED\"", "recommend our product")
# is untouched.
_EVERYDAY_SAYING = re.compile(
    r"\b(?:answer(?:ing)?|pick up)(?=\s+(?:(?:the|a|any|all|every|your|their)\s+)?(?:[a-z]+\s+)?(?:phones?|"
    r"calls?|door|bleeps?|pagers?|radios?|buzzers?|bells?|alarms?|handsets?)\b"
    r"|\s+within\s+(?:\d+|one|two|three|five|ten|fifteen|thirty)\s*(?:seconds?|minutes?|mins?|"
    r"hours?|rings?)\b)"
    r"|\bsay(?=\s+(?:so|thank you|thanks|sorry|hello|goodbye|good (?:morning|afternoon|night))\b)"
    r"|\brecommend(?=\s+(?:someone|somebody|a friend|friends|a colleague|colleagues|a person|"
    r"people) (?:you|who)\b)"
    r"|\bsay(?=\s+\"q\"\s+(?:[a-z]+ly\s+)?(?:before|when|as|after)\s+you\s+(?!(?:answer|reply|respond|say|"
    r"write|summari[sz]e|tell|cite|output)\b)[a-z]+)"
)
# The text describing itself to its reader ("this page explains how our policies apply to
# you", "this page points you to it", "this page explains what to do if you are hurt"): the
# page is the subject of its own verb, or "you" is that verb's object, so the "you" is told
# what the page does, not directed (`self_directive` then needs another directive).
_YOU_OBJECT = re.compile(r"(?:\b(?:to|for|with|at|by|from|about|of)|\b[a-z]+[^su\W]s)\s+$")
_PAGE_SUBJECT = re.compile(
    r"\b(?:this|the following|the above) (?:page|article|document|paragraph|passage|text|"
    r"section|guide|leaflet|letter)\s+(?:also\s+|only\s+)?(?!is\b|was\b|has\b|does\b)"
    r"[a-z]+[^su\W]s\b"
)


def _you_directed(s: str) -> bool:
    """Some "you" of `s` is directed: the subject of an act, in a sentence where the text is
    not the subject of its own descriptive verb."""
    if _PAGE_SUBJECT.search(s):
        return False
    return any(
        m.group(0) not in ("you", "your") or _YOU_OBJECT.search(s, 0, m.start()) is None
        for m in _YOU.finditer(s)
    )


FEATURES: tuple[str, ...] = (
    "ai_word",  # names an AI, a language model or a chatbot
    "assistant_word",  # "assistant", "the model", "bot" (ambiguous on its own)
    "second_person",  # addresses "you" (unambiguous forms, eight languages)
    "meta",  # talks about instructions, prompts, rules, policies
    "imperative_output",  # opens with an imperative of answering, outputting, overriding
    "imperative_other",  # opens with another imperative ("forget", "send", "give")
    "response_form",  # a verb of saying followed by what to say ("reply with", "say that")
    "always_say",  # "always answer", "never mention"
    "answer_shaping",  # prescribes the form of the answer ("begin your reply with")
    "addressed_directive",  # you / the assistant / the model + modal + verb of saying
    "override",  # tells someone to drop earlier instructions
    "answer_claim",  # mentions "the correct/real answer"
    "answer_assert",  # asserts what "the correct/real answer" is
    "roleplay",  # assigns a persona or lifts restrictions
    "system_marker",  # a fake system, developer or admin label
    "chat_markup",  # chat-template tokens or tags
    "shout_label",  # opens with an all-capitals label ("IMPORTANT:")
    "vocative",  # speaks to the AI directly ("Dear chatbot", "Note to AI")
    "tell_user",  # tells someone to pass something on to the user or reader
    "conditional_ask",  # "when asked about X", "if anyone asks"
    "conditional_directive",  # a trigger clause followed by an imperative
    "hidden",  # hidden-text framing (HTML comments, "hidden instruction for")
    "nondisclosure",  # "do not tell the user"
    "exfiltration",  # send data or point to a link
    "addressed_output",  # (AI, assistant or "you") and an output imperative or response form
    "directive_output",  # a directive (imperative, modal, "you") whose object is the
    # assistant's: its answer, the user, the question, the conversation, "your prompt"
    "self_directive",  # a directive in text that speaks of itself ("this page is the only")
    "answer_directive",  # "you must always answer ...", "always reply that": answering itself
)


# Cues of who is addressed and in what mood, and nothing of what about: a policy tells its
# human readers what to do ("You must tell your manager within 48 hours", "Never share your
# password", "Send the form to payroll@..."). These count only in a sentence that also has a
# cue aimed at the assistant's world (an AI or assistant named, instructions or prompts, its
# answer, the user, an override, a role, a system label, hidden text, this page itself).
# Talk of rules and policies is a policy's own vocabulary; talk of instructions and prompts
# (`_STRONG_META`) is aimed.
MOOD_CUES = frozenset({"second_person", "imperative_other", "addressed_directive", "always_say",
                       "nondisclosure", "exfiltration", "meta"})  # fmt: skip
_STRONG_META = re.compile(
    r"instructions?|prompts?(?! (?:you|them|staff|for)\b)|directives?|\bcontext\b|consignes?|anweisung\w*|instrucci[oó]n\w*|"
    r"istruzion\w*|instru[çc][õoã]\w*|instructies|инструкци\w*"
)


def _directed_without_you(s: str) -> bool:
    """`s` directs someone by an imperative, a modal, a condition or a verb of saying."""
    return (_IMPERATIVE_OUTPUT.search(s) is not None or _IMPERATIVE_OTHER.search(s) is not None
            or _ALWAYS_SAY.search(s) is not None or _CONDITIONAL.search(s) is not None
            or _response_form(s) or _ADDRESSED_DIRECTIVE.search(s) is not None
            or _bare_imperative(s) or _MODAL.search(s) is not None
            or _ASSISTANT_SAYS.search(s) is not None
            or _AFTER_COMMA_IMPERATIVE.search(s) is not None)  # fmt: skip


def features(sentence: str) -> list[float]:
    """The binary features of FEATURES for one sentence."""
    raw, masked = _prepare(sentence)
    s, low = masked.lower(), raw.lower()  # the lexicons are lowercase: no IGNORECASE scans
    s = _EVERYDAY_SAYING.sub("do", s)
    ai = _AI_RE.search(s) is not None
    assistant = _ASSISTANT_RE.search(s) is not None
    you = _YOU.search(s) is not None
    imperative_output = _IMPERATIVE_OUTPUT.search(s) is not None
    response_form = _response_form(s)
    conditional = _CONDITIONAL.search(s) is not None
    directive = _ADDRESSED_DIRECTIVE.search(s)
    imperative_other = _IMPERATIVE_OTHER.search(s) is not None
    always_say = _ALWAYS_SAY.search(s) is not None
    output_object = _OUTPUT_OBJECT.search(s) is not None
    directed = you or _directed_without_you(s)
    flags = [
        ai,
        assistant,
        you,
        _META_RE.search(s) is not None,
        imperative_output,
        imperative_other,
        response_form,
        always_say,
        _ANSWER_SHAPING.search(s) is not None,
        directive is not None and not _PASSIVE.search(directive.group(0)),
        _OVERRIDE.search(s) is not None,
        _ANSWER_CLAIM.search(s) is not None,
        _ANSWER_ASSERT.search(s) is not None,
        _ROLEPLAY.search(s) is not None,
        _SYSTEM.search(s) is not None,
        _MARKUP.search(raw) is not None,
        _SHOUT.search(raw) is not None,
        _VOCATIVE.search(s) is not None,
        _TELL_USER.search(s) is not None,
        conditional,
        conditional and _AFTER_COMMA_IMPERATIVE.search(s) is not None,
        _HIDDEN.search(low) is not None,
        _NONDISCLOSURE.search(s) is not None,
        _EXFIL.search(low) is not None,
        (ai or assistant or you) and (imperative_output or response_form),
        output_object and directed,
        (directed if not you or _you_directed(s) else _directed_without_you(s))
        and _SELF_REFERENCE.search(s) is not None,
        _ANSWER_DIRECTIVE.search(s) is not None,
    ]
    aimed = any(f for name, f in zip(FEATURES, flags, strict=True) if name not in MOOD_CUES)
    if not aimed and _STRONG_META.search(s) is None:
        flags = [f and name not in MOOD_CUES for name, f in zip(FEATURES, flags, strict=True)]
    return [1.0 if f else 0.0 for f in flags]
