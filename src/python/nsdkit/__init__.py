"""nsdkit: realizability of rolling for rigid bodies with frictional contacts (Def 9 for one
contact, Def 11 for two), solver validation, stability bodies and region sweeps.

Units: SI (kg, m, s, N, rad), as in the body files. The compiled functions come from the
extension module ``nsdkit._nsdkit``; ``nsdkit.pages`` writes interactive pages (plotly).
Bad input raises ValueError.
"""
from importlib.metadata import PackageNotFoundError as _PackageNotFoundError
from importlib.metadata import version as _version

from ._nsdkit import *  # noqa: F401,F403  (the compiled API; nsdkit.validation among it)
from ._nsdkit import __doc__ as _compiled_doc  # noqa: F401
from .pages import stability_body_html, validation_report_html  # noqa: F401
from . import jobs  # noqa: F401  (the CLI's jobs: ball_trough, mesh, region, body)

try:
    __version__ = _version("nsdkit")
except _PackageNotFoundError:  # used from the build tree (PYTHONPATH), not installed
    __version__ = "0+build-tree"
