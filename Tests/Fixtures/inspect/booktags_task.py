from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.scorer import includes
from inspect_ai.solver import generate

BOOKS = [
    ("b1", "Suggest three lowercase tags for the novel 'Dune' by Frank Herbert.", "science fiction"),
    ("b2", "Suggest three lowercase tags for 'Pride and Prejudice' by Jane Austen.", "romance"),
    ("b3", "Suggest three lowercase tags for 'The Hobbit' by J. R. R. Tolkien.", "fantasy"),
    ("b4", "Suggest three lowercase tags for 'Gone Girl' by Gillian Flynn.", "thriller"),
    ("b5", "Suggest three lowercase tags for 'A Brief History of Time' by Stephen Hawking.", "science"),
]

@task
def booktags():
    return Task(
        dataset=[Sample(id=i, input=q, target=t, metadata={"genre": t}) for i, q, t in BOOKS],
        solver=[generate()],
        scorer=includes(),
    )
