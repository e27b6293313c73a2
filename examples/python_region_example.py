#!/usr/bin/python3
"""Python example: sweep where the wheelset keeps rolling (Def 11) over traction and lateral
force, for two cone angles, and plot the two regions with matplotlib.

Checked against the closed form of cylindrical wheels (cone 0, no lateral force): rolling holds
while the traction |fz| < mu (m + J/r0^2) / (J/r0^2) (see body_file_example.cpp); the example
exits with status 1 if the sweep's fx = 0 column disagrees at any grid point.

usage: python_region_example.py [OUT.png]   (PYTHONPATH must hold the built module, e.g.
                                             build/release/src/python)
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import numpy as np  # noqa: E402

import nsdkit  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
wheelset = nsdkit.read_body(os.path.join(here, "bodies", "wheelset.json"))
out = sys.argv[1] if len(sys.argv) > 1 else "wheelset_regions.png"

fig, ax = plt.subplots(figsize=(5.5, 4.5))
for cone_deg, colour in ((0.0, "tab:blue"), (10.0, "tab:orange")):
    s = wheelset.sweep([("fx", -0.5, 0.5, 41), ("fz", -1.2, 1.2, 49)], {"cone_angle_deg": cone_deg})
    inside = s["values"][s["realizable"]]
    if cone_deg == 0.0:
        m, j_axle, r0, mu = 1500.0, 160.0, 0.46, 0.3
        limit = mu * (m + j_axle / r0**2) / (j_axle / r0**2)  # 0.8951 m g
        column = np.abs(s["values"][:, 0]) < 1e-12
        expected = np.abs(s["values"][column, 1]) < limit
        if not np.array_equal(s["realizable"][column], expected):
            sys.exit(f"CHECK FAILED: cone 0, fx = 0: realizable traction differs from |fz| < {limit}")
    ax.scatter(inside[:, 0], inside[:, 1], s=4, color=colour, alpha=0.5,
               label=f"cone {cone_deg:g} deg: {len(inside)} of {len(s['values'])} points")
ax.set_xlabel("lateral force fx [m g]")
ax.set_ylabel("traction fz [m g]")
ax.set_title("wheelset: two-point rolling realizable (Def 11)")
ax.legend(fontsize=7)
fig.tight_layout()
fig.savefig(out, dpi=110)
print(f"wrote {out}")
