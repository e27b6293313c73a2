"""nsdkit.read_sweep: an HDF5 sweep written by the command line equals the in-memory sweep of
the same body through the Python module (Body.sweep), label for label; non-sweep files raise
ValueError."""
import os
import subprocess

import h5py
import numpy as np
import pytest

import nsdkit

BODIES = os.environ.get("NSDKIT_BODIES_DIR", "")
CLI = os.environ.get("NSDKIT_CLI", "")
BITS = {"RS": 1, "SR": 2, "SS": 4, "slip": 8, "contact_loss": 16}


def label(realizable, code):
    parts = ["realizable"] if realizable else []
    return "|".join(parts + [name for name, bit in BITS.items() if code & bit])


@pytest.mark.skipif(not CLI, reason="NSDKIT_CLI not set")
def test_hdf5_sweep_equals_the_in_memory_sweep(tmp_path):
    body_path = os.path.join(BODIES, "wheelset.json")
    path = tmp_path / "sweep.h5"
    subprocess.run([CLI, "region", "--body", body_path, "--axis", "fx:-0.5:0.5:9",
                    "--axis", "fz:-1.2:1.2:13", "--axis", "cone_angle_deg:0:10:3",
                    "--refine-tol", "1e-5", "--format", "hdf5", "--output", str(path),
                    "--quiet", "--block-points", "20"], check=True)
    s = nsdkit.read_sweep(str(path))
    assert s["names"] == ["fx", "fz", "cone_angle_deg"]
    assert s["realizable"].shape == (9, 13, 3)
    assert s["model"] == "body" and '"nsdkit-body/1"' in s["body_file"]
    body = nsdkit.read_body(body_path)
    ref = body.sweep([("fx", -0.5, 0.5, 9), ("fz", -1.2, 1.2, 13), ("cone_angle_deg", 0, 10, 3)],
                     refine_tolerance=1e-5)
    flat = s["realizable"].ravel()
    assert np.array_equal(flat, ref["realizable"])
    assert 0 < flat.sum() < flat.size
    assert [label(r, c) for r, c in zip(flat, s["escapes"].ravel())] == list(ref["labels"])
    grid = np.stack(np.meshgrid(*s["axes"], indexing="ij"), axis=-1).reshape(-1, 3)
    assert np.allclose(grid, ref["values"], rtol=0, atol=1e-12)
    assert np.array_equal(s["boundary"], np.asarray(ref["boundary"]))
    with h5py.File(path, "r") as f:  # plain h5py reads the same datasets
        assert np.array_equal(f["grid/escapes"][()], s["escapes"])


def test_read_sweep_refuses_other_files(tmp_path):
    with pytest.raises(ValueError, match="not an HDF5 file"):
        (tmp_path / "text.h5").write_text("no")
        nsdkit.read_sweep(str(tmp_path / "text.h5"))
    with pytest.raises(ValueError, match="does not exist"):
        nsdkit.read_sweep(str(tmp_path / "absent.h5"))
    with h5py.File(tmp_path / "other.h5", "w") as f:
        f["x"] = np.arange(3)
    with pytest.raises(ValueError, match="format"):
        nsdkit.read_sweep(str(tmp_path / "other.h5"))
