"""`python -m logistics`: the `logistics` command."""
from cli import main

main(prog_name="logistics")
