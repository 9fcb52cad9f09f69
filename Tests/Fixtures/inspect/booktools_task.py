"""A tiny tool-using Inspect task: a book-library assistant with three tools.

The model is Inspect's own `mockllm`, scripted by `script` below: each sample's
turns are fixed, chosen from the conversation so far (its first user message
and how many tool answers it holds), so the log does not depend on the order
Inspect runs the samples in. The tools are real Inspect tools that Inspect
calls and whose answers it records; only the model's choices are scripted.

Each sample's metadata carries the trajectory the toolkit expects
(`expectations`, in the JSON form of docs/FORMATS.md), which
`judgecal import --format inspect` reads into the row's expectations.
"""

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.model._chat_message import ChatMessageTool, ChatMessageUser
from inspect_ai.model._model_output import ChatCompletionChoice
from inspect_ai.model._chat_message import ChatMessageAssistant
from inspect_ai.scorer import includes
from inspect_ai.solver import generate, use_tools
from inspect_ai.tool import ToolCall, ToolError, tool

LIBRARY = {
    "b1": {"title": "The Haunting of Hill House", "tags": ["gothic", "horror"], "genre": "horror"},
    "b2": {"title": "A Closed and Common Orbit", "tags": ["science fiction", "hopeful"], "genre": "science fiction"},
    "b3": {"title": "The Hobbit", "tags": ["fantasy", "adventure"], "genre": "fantasy"},
    "b4": {"title": "Rebecca", "tags": ["gothic", "romance"], "genre": "gothic fiction"},
    "b5": {"title": "The Martian", "tags": ["science fiction", "survival"], "genre": "science fiction"},
}


@tool
def search_books():
    async def execute(query: str | None = None, tag: str | None = None, genre: str | None = None,
                      mood: str | None = None, limit: int | None = None) -> str:
        """Search the library.

        Args:
            query: A freeform search term matched against titles and tags.
            tag: Only books with this tag.
            genre: Only books of this genre.
            mood: Only books of this mood.
            limit: The most results to return (default 5).
        """
        found = []
        for book_id, book in LIBRARY.items():
            if tag and tag not in book["tags"]:
                continue
            if genre and genre.lower() not in (book["genre"], *book["tags"]) and not (
                genre.lower() in ("sci-fi", "scifi") and book["genre"] == "science fiction"):
                continue
            if mood and mood not in book["tags"]:
                continue
            if query and query.lower() not in book["title"].lower():
                continue
            found.append(f"{book_id}: {book['title']}")
        return "\n".join(found[: limit or 5]) or "no books found"

    return execute


@tool
def get_book_details():
    async def execute(book_id: str) -> str:
        """Full details of one book.

        Args:
            book_id: The book's id (b1 to b5).
        """
        book = LIBRARY.get(book_id)
        if book is None:
            raise ToolError(f"no book {book_id}")
        return f"{book['title']} ({book['genre']}); tags: {', '.join(book['tags'])}"

    return execute


@tool
def find_similar_books():
    async def execute(book_id: str, max_results: int | None = None) -> str:
        """Books sharing tags with one book.

        Args:
            book_id: The book's id.
            max_results: The most results to return.
        """
        tags = set(LIBRARY[book_id]["tags"])
        similar = [f"{i}: {b['title']}" for i, b in LIBRARY.items() if i != book_id and tags & set(b["tags"])]
        return "\n".join(similar[: max_results or 5]) or "no similar books"

    return execute


# Given, so that mockllm does not count tokens with tiktoken (which downloads its encodings).
NO_USAGE = ModelUsage(input_tokens=0, output_tokens=0, total_tokens=0)


def call(id, function, **arguments):
    return ToolCall(id=id, function=function, arguments=arguments, type="function")


def calls(*tool_calls, content=""):
    return ModelOutput(model="mockllm/model", choices=[ChatCompletionChoice(
        message=ChatMessageAssistant(content=content, model="mockllm/model", source="generate",
                                     tool_calls=list(tool_calls)),
        stop_reason="tool_calls")], usage=NO_USAGE)


def text(content):
    output = ModelOutput.from_content(model="mockllm/model", content=content)
    output.usage = NO_USAGE
    return output


def nl(argument, criteria):
    return {"kind": "naturalLanguage", "argument": argument, "criteria": criteria}


# id, prompt, the scripted turns (one per generate call), the final answer's target, expectations
SAMPLES = [
    ("gothic", "Find all the books tagged with 'gothic'.",
     [calls(call("gothic-1", "search_books", tag="gothic")),
      text("Two books are tagged gothic: The Haunting of Hill House (b1) and Rebecca (b4).")],
     "Rebecca",
     {"unordered": [{"name": "search_books", "arguments": [{"kind": "exact", "argument": "tag", "value": "gothic"}]}]}),
    ("uplifting-scifi", "Find me an uplifting science fiction book and tell me more about it.",
     [calls(call("uplifting-1", "search_books", genre="science fiction", mood="hopeful", limit=3)),
      calls(call("uplifting-2", "get_book_details", book_id="b2")),
      text("Try A Closed and Common Orbit (b2): hopeful science fiction.")],
     "Orbit",
     {"ordered": [
         {"name": "search_books", "arguments": [
             nl("genre", "Should refer to science fiction"),
             nl("mood", "Should relate to uplifting, hopeful, or positive feelings"),
             {"kind": "range", "argument": "limit", "min": 1, "max": 5}]},
         {"name": "get_book_details", "arguments": [{"kind": "keyOnly", "argument": "book_id"}]}]}),
    ("no-similar", "Show me some sci-fi, but do not look for similar books.",
     [calls(call("nosimilar-1", "search_books", genre="sci-fi")),
      calls(call("nosimilar-2", "find_similar_books", book_id="b5", max_results=2)),
      text("Science fiction in your library: A Closed and Common Orbit (b2) and The Martian (b5).")],
     "Martian",
     {"unordered": [{"name": "search_books", "arguments": [nl("genre", "Should refer to science fiction")]}],
      "disallowed": [{"name": "find_similar_books"}]}),
    ("b3-details", "What is book b3 about?",
     [text("Book b3 is a space opera about a crew of smugglers.")],
     "fantasy",
     {"unordered": [{"name": "get_book_details", "arguments": [{"kind": "exact", "argument": "book_id", "value": "b3"}]}]}),
    ("missing-book", "Tell me about book b9.",
     [calls(call("missing-1", "get_book_details", book_id="b9")),
      text("There is no book b9 in your library.")],
     "no book",
     {"unordered": [{"name": "get_book_details", "arguments": [
         {"kind": "regex", "argument": "book_id", "pattern": "b[1-5]"}]}]}),
    ("fantasy-or-cozy", "I want either a fantasy adventure or something gothic and romantic; show me both lists.",
     [calls(call("both-1", "search_books", tag="fantasy", limit=3),
            call("both-2", "search_books", genre="gothic romance")),
      text("Fantasy: The Hobbit (b3). Gothic romance: nothing under that genre; Rebecca (b4) is tagged gothic and romance.")],
     "Hobbit",
     {"unordered": [
         {"name": "search_books", "arguments": [{"kind": "oneOf", "argument": "tag", "values": ["fantasy", "adventure"]}]},
         {"name": "search_books", "arguments": [
             nl("genre", "Should refer to gothic fiction"), {"kind": "hasPrefix", "argument": "genre", "prefix": "gothic"}]}]}),
]

TURNS = {prompt: turns for _, prompt, turns, _, _ in SAMPLES}


def script(messages, tools, tool_choice, config):
    """The next turn of the sample whose first user message opens `messages`."""
    prompt = next(m.text for m in messages if isinstance(m, ChatMessageUser))
    answered_turns = sum(1 for m in messages if isinstance(m, ChatMessageAssistant))
    return TURNS[prompt][answered_turns]


@task
def booktools():
    return Task(
        dataset=[Sample(id=i, input=p, target=t, metadata={"expectations": e}) for i, p, _, t, e in SAMPLES],
        solver=[use_tools(search_books(), get_book_details(), find_similar_books()), generate()],
        scorer=includes(),
        model=get_model("mockllm/model", custom_outputs=script),
    )
