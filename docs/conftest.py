"""Keep pytest out of this folder: ``conf.py`` is Sphinx's, not a test module.

The examples of these pages run under Sphinx's doctest builder (``tests/test_docs.py``).
"""

collect_ignore_glob = ["*.py"]
