#!/usr/bin/python3
"""Python example: a region sweep written as HDF5 by the command line (as a cluster job would
write it, `nsdkit-mpi region --format hdf5` on many ranks), read back with nsdkit.read_sweep and
with plain h5py, and plotted: where the wheelset keeps rolling over traction and lateral force.

Checked against the closed form of cylindrical wheels (cone 0, no lateral force): rolling holds
while the traction |fz| < mu (m + J/r0^2) / (J/r0^2) = 0.8951 m g (body_file_example.cpp); the
example exits with status 1 if the file's fx = 0 column disagrees at any grid point, or if h5py
and nsdkit.read_sweep read different grids.

usage: python_region_hdf5_example.py NSDKIT [OUT_DIR]   (PYTHONPATH must hold the built module)
"""
import os
import subprocess
import sys

import h5py
import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import nsdkit  # noqa: E402

if len(sys.argv) < 2:
    sys.exit(__doc__)
cli = sys.argv[1]
out_dir = sys.argv[2] if len(sys.argv) > 2 else "."
os.makedirs(out_dir, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(out_dir, "wheelset_region.h5")
subprocess.run([cli, "region", "--body", os.path.join(here, "bodies", "wheelset.json"),
                "--axis", "fx:-0.5:0.5:41", "--axis", "fz:-1.2:1.2:49",
                "--fix", "cone_angle_deg=0", "--refine-tol", "1e-6", "--format", "hdf5",
                "--output", path, "--quiet"], check=True)

sweep = nsdkit.read_sweep(path)
fx, fz = sweep["axes"]
realizable = sweep["realizable"]  # shape (41, 49): fx first, fz fastest
with h5py.File(path, "r") as f:  # the same grid through h5py alone
    if not np.array_equal(f["grid/realizable"][()] == 1, realizable):
        sys.exit("CHECK FAILED: h5py and nsdkit.read_sweep read different grids")
    body = f["body_file"][()].decode()

m, j_axle, r0, mu = 1500.0, 160.0, 0.46, 0.3
limit = mu * (m + j_axle / r0**2) / (j_axle / r0**2)
column = int(np.argmin(np.abs(fx)))
if not np.array_equal(realizable[column], np.abs(fz) < limit):
    sys.exit(f"CHECK FAILED: fx = 0 column differs from |fz| < {limit:.4f}")
boundary = sweep["boundary"]
on_column = boundary[(np.abs(boundary[:, 0]) < 1e-12)]
if on_column.size and not np.allclose(np.sort(np.abs(on_column[:, 1])), limit, atol=2e-6):
    sys.exit(f"CHECK FAILED: refined boundary at fx = 0 is {on_column[:, 1]}, not +-{limit:.6f}")

fig, ax = plt.subplots(figsize=(5.5, 4.5))
ax.pcolormesh(fz, fx, realizable, shading="nearest", cmap="Blues", alpha=0.6)
ax.scatter(boundary[:, 1], boundary[:, 0], s=3, color="k", label="refined boundary")
ax.axvline(limit, ls="--", color="tab:red", lw=1, label=f"closed form |fz| = {limit:.4f}")
ax.axvline(-limit, ls="--", color="tab:red", lw=1)
ax.set_xlabel("traction fz [m g]")
ax.set_ylabel("lateral force fx [m g]")
ax.set_title(f"wheelset (cone 0): rolling realizable, {int(realizable.sum())} of {realizable.size}")
ax.legend(fontsize=7, loc="upper right")
fig.tight_layout()
png = os.path.join(out_dir, "wheelset_region_hdf5.png")
fig.savefig(png, dpi=110)
print(f"read {path} ({len(body)} bytes of body file inside), wrote {png}")
