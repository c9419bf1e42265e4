"""The seven languages: strings, help pages, examples."""
