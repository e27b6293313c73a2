"""Bad-input cases (issue 45): HDF5 sweep files read by `nsdkit.read_sweep`. Case names start
with "hdf5: ".

One valid sweep file is made per suite run (`nsdkit region --format hdf5`, cached in a temporary
folder); each case copies it into its folder as `s.h5`, edits it with h5py and reads it back with
`nsdkit.read_sweep`, which must raise ValueError naming the attribute or dataset:
- attributes holding arrays where one value is declared, or of the wrong type class, or
  variable-length strings where fixed ones are (memory corruption before the fix);
- declared sizes far beyond what the axes imply (4e8 grid values, 2e8 boundary rows), 20,000
  attributes in a group, huge fixed strings (bad_alloc or minutes before the fix);
- datasets stored externally (the bytes of another local file before the fix), soft and external
  links;
- values out of their domain (NaN, count 0, lower > upper, codes past the known bits).

`nsdkit-mpi` (2 ranks, "hdf5: mpi ..."): every error after the parallel file is opened (an
existing sweep without --resume, other axes on --resume, a corrupt block, the checkpoint being a
file, resuming a CSV checkpoint) ends the job with one line and status 2, no temporary left
(before the fix: a deadlock). Temporary names ("hdf5: temporaries ..."): only a run's own
temporaries, and those of killed runs, are ever removed.
"""
import atexit
import os
import shutil
import subprocess
import tempfile

from suite_common import Case, Check, mpi_case, python_case, run_nsdkit
import suite_common

TAG = "hdf5: "
SWEEP = "s.h5"
READ = "import nsdkit\nnsdkit.read_sweep('s.h5')\n"
_VALID = {}


def valid_sweep_file():
    """The path of a valid sweep file made once per suite run (5 x 5 points, with a boundary)."""
    if "path" not in _VALID:
        folder = tempfile.mkdtemp(prefix="nsdkit-hdf5-cases-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "valid.h5")
        subprocess.run([suite_common.NSDKIT, "region", "--axis", "mx:-1:1:5", "--axis",
                        "my:-1:1:5", "--fix", "mz=0.3", "--refine-tol", "1e-3", "--format",
                        "hdf5", "--output", path], check=True, capture_output=True, timeout=60)
        _VALID["path"] = path
    return _VALID["path"]


def edited(edit):
    """A setup copying the valid file to s.h5 and applying `edit(h5py_file, folder)` to it."""
    def setup(folder):
        import h5py  # only where the cases run (Debian's python3)
        target = os.path.join(folder, SWEEP)
        shutil.copyfile(valid_sweep_file(), target)
        with h5py.File(target, "r+") as f:
            edit(f, folder)
    return setup


def set_attr(where, name, value):
    def edit(f, _folder):
        f[where].attrs[name] = value
    return edit


def fixed_string(text):
    import numpy as np
    return np.bytes_(text)


def replace_dataset(name, make):
    """Deletes dataset `name` and lets make(f, name, folder) create its replacement, which gets
    the old dataset's attributes."""
    def edit(f, folder):
        attributes = dict(f[name].attrs)
        del f[name]
        make(f, name, folder)
        for key, value in attributes.items():
            f[name].attrs[key] = value
    return edit


def case(title, edit, field):
    return python_case(TAG + title, READ, field, setup=edited(edit))


def attribute_cases():
    import numpy as np
    return [
        case("refine_tolerance holds 4000 values", set_attr("/", "refine_tolerance",
                                                            np.full(4000, 1e-3)),
             "refine_tolerance"),
        case("refine_tolerance holds one value as an array",
             set_attr("/", "refine_tolerance", np.array([1e-3])), "refine_tolerance"),
        case("refine_tolerance is a string", set_attr("/", "refine_tolerance", fixed_string("x")),
             "refine_tolerance"),
        case("refine_tolerance is NaN", set_attr("/", "refine_tolerance", float("nan")),
             "refine_tolerance"),
        case("refine_tolerance is negative", set_attr("/", "refine_tolerance", -1.0),
             "refine_tolerance"),
        case("refine_tolerance is missing", lambda f, _: f.attrs.__delitem__("refine_tolerance"),
             "refine_tolerance"),
        case("format holds 3000 strings",
             set_attr("/", "format", np.array([b"nsdkit-sweep-hdf5/1"] * 3000)), "format"),
        case("format is a variable-length string", set_attr("/", "format", "nsdkit-sweep-hdf5/1"),
             "format"),
        case("format is another format", set_attr("/", "format", fixed_string("other/1")),
             "format"),
        case("format declares 60,000 bytes", set_attr("/", "format", fixed_string("x" * 60000)),
             "format"),
        case("format is a number", set_attr("/", "format", 1.0), "format"),
        case("nsdkit_version holds an array",
             set_attr("/", "nsdkit_version", np.array([b"0.1.0"] * 300)), "nsdkit_version"),
        case("model holds an array", set_attr("/", "model", np.array([b"ball-trough"] * 300)),
             "model"),
        case("model is a number", set_attr("/", "model", 3.0), "model"),
        case("an axis's lower holds 4000 values", set_attr("/axes/mx", "lower",
                                                           np.full(4000, -1.0)), "lower"),
        case("an axis's upper is NaN", set_attr("/axes/mx", "upper", float("nan")), "upper"),
        case("an axis's count holds an array", set_attr("/axes/mx", "count",
                                                        np.full(4000, 5, dtype=np.uint64)),
             "count"),
        case("an axis's count is 0", set_attr("/axes/mx", "count", np.uint64(0)), "count"),
        case("an axis's count is 2.5", set_attr("/axes/mx", "count", 2.5), "count"),
        case("an axis's count declares 4e8 points",
             set_attr("/axes/mx", "count", np.uint64(400000000)), "count"),
        case("an axis's lower is above its upper", set_attr("/axes/mx", "lower", 2.0), "lower"),
        case("a /fixed attribute holds 4000 values", set_attr("/fixed", "mz", np.full(4000, 0.3)),
             "mz"),
        case("a /fixed attribute is a string", set_attr("/fixed", "mz", fixed_string("0.3")),
             "mz"),
        case("a /model attribute holds an array", set_attr("/model", "mu_plus",
                                                           np.full(4000, 0.3)), "mu_plus"),
        case("a /model attribute is infinite", set_attr("/model", "mu_plus", float("inf")),
             "mu_plus"),
    ]


def many_attributes(f, _folder):
    # Four times the reader's limit (kMaxAttributesPerGroup = 256). HDF5's attribute creation
    # grows faster than their number: with 20,000 the case took 55 s (2026-11-29, the machine
    # busy with two builds), with 1,000 it takes 0.9 s, the Python start included.
    for i in range(1000):
        f["/fixed"].attrs[f"p{i}"] = 1.0


def axis_names(names, fixed=False):
    import h5py
    import numpy as np

    def edit(f, _folder):
        if fixed:
            f.attrs["axis_names"] = np.array([n.encode() for n in names])
        else:
            f.attrs.create("axis_names", names, dtype=h5py.string_dtype())
    return edit


def list_and_group_cases():
    return [
        case("axis_names lists 20 axes", axis_names(["mx"] * 20), "axis_names"),
        case("axis_names are fixed-length strings", axis_names(["mx", "my"], fixed=True),
             "axis_names"),
        case("axis_names repeats an axis", axis_names(["mx", "mx"]), "axis_names"),
        case("axis_names climbs out of /axes", axis_names(["mx", "../grid/escapes"]),
             "axis_names"),
        case("axis_names names a missing axis", axis_names(["mx", "zz"]), "/axes/zz"),
        case("/fixed holds 1,000 attributes", many_attributes, "/fixed"),
        case("/fixed is missing", lambda f, _: f.__delitem__("fixed"), "/fixed"),
    ]


def body_file_fixed_array(f, _folder):
    import numpy as np
    f.create_dataset("body_file", data=np.array([b"{}" * 100] * 200))


def body_file_vlen(f, _folder):
    import h5py
    f.create_dataset("body_file", data="{\"format\": \"nsdkit-body/1\"}",
                     dtype=h5py.string_dtype())


def external_dataset(name, dtype, shape, fill):
    """Replaces `name` by a dataset whose bytes live in another file of the case folder."""
    import numpy as np

    def make(f, path, folder):
        raw = os.path.join(folder, "elsewhere.bin")
        data = np.full(shape, fill, dtype=dtype)
        with open(raw, "wb") as out:
            out.write(data.tobytes())
        f.create_dataset(path, shape=shape, dtype=dtype,
                         external=[("elsewhere.bin", 0, data.nbytes)])
    return replace_dataset(name, make)


def body_file_external(f, folder):
    """A scalar fixed-length body_file whose bytes live in another file (h5py's high-level
    create_dataset drops `external` for scalars: the low-level API)."""
    from h5py import h5d, h5p, h5s, h5t
    text = b"the bytes of another local file"
    with open(os.path.join(folder, "elsewhere.bin"), "wb") as out:
        out.write(text)
    create = h5p.create(h5p.DATASET_CREATE)
    create.set_external(b"elsewhere.bin", 0, len(text))
    string_type = h5t.C_S1.copy()
    string_type.set_size(len(text))
    h5d.create(f.id, b"body_file", string_type, h5s.create(h5s.SCALAR), dcpl=create)


def soft_link(name, target):
    import h5py

    def edit(f, _folder):
        del f[name]
        f[name] = h5py.SoftLink(target)
    return edit


def external_link(name):
    import h5py

    def edit(f, folder):
        with h5py.File(os.path.join(folder, "other.h5"), "w") as other:
            other["x"] = [0.0, 0.5, 1.0, 1.5, 2.0]
        del f[name]
        f[name] = h5py.ExternalLink("other.h5", "/x")
    return edit


def dataset_of(data_maker, **kw):
    def make(f, path, _folder):
        f.create_dataset(path, data=data_maker(), **kw)
    return make


def huge_declared(name, shape, dtype):
    """Replaces `name` by a chunked, compressed, never written dataset declaring `shape`."""
    def make(f, path, _folder):
        chunk = tuple(min(s, 1 << 16) if i == 0 else min(s, 64) for i, s in enumerate(shape))
        f.create_dataset(path, shape=shape, dtype=dtype, chunks=chunk, compression="gzip")
    return replace_dataset(name, make)


def dataset_cases():
    import numpy as np
    return [
        case("body_file holds an array of strings", body_file_fixed_array, "body_file"),
        case("body_file is a variable-length string", body_file_vlen, "body_file"),
        case("body_file is stored in another file", body_file_external, "body_file"),
        case("a grid dataset is stored in another file",
             external_dataset("/grid/realizable", np.uint8, (5, 5), 1), "/grid/realizable"),
        case("an axis is stored in another file",
             external_dataset("/axes/my", np.float64, (5,), 0.0), "/axes/my"),
        case("an axis is a soft link", soft_link("/axes/mx", "/axes/my"), "/axes/mx"),
        case("an axis is an external link", external_link("/axes/mx"), "/axes/mx"),
        case("/grid is a soft link", soft_link("/grid", "/boundary"), "/grid"),
        case("an axis has 3 values for count 5",
             replace_dataset("/axes/mx", dataset_of(lambda: np.zeros(3))), "/axes/mx"),
        case("an axis holds NaN",
             replace_dataset("/axes/mx", dataset_of(lambda: np.full(5, np.nan))), "/axes/mx"),
        case("an axis holds integers",
             replace_dataset("/axes/mx", dataset_of(lambda: np.arange(5))), "/axes/mx"),
        case("a grid dataset has the wrong shape",
             replace_dataset("/grid/realizable", dataset_of(lambda: np.zeros((25,), np.uint8))),
             "/grid/realizable"),
        case("a grid dataset declares 4e8 values",
             huge_declared("/grid/realizable", (20000, 20000), np.uint8), "/grid/realizable"),
        case("the escapes are floating-point",
             replace_dataset("/grid/escapes", dataset_of(lambda: np.zeros((5, 5))))
             , "/grid/escapes"),
        case("uncertain holds 7",
             replace_dataset("/grid/uncertain", dataset_of(lambda: np.full((5, 5), 7, np.uint8))),
             "/grid/uncertain"),
        case("the boundary declares 2e8 rows",
             huge_declared("/boundary/bracket_width", (200000000,), np.float64),
             "/boundary/bracket_width"),
        case("the boundary values have 3 columns for 2 axes",
             replace_dataset("/boundary/values", boundary_like((3,), np.float64, 0.0)),
             "/boundary/values"),
        case("the boundary values hold NaN",
             replace_dataset("/boundary/values", boundary_like((2,), np.float64, np.nan)),
             "/boundary/values"),
        case("a boundary axis is past the last axis",
             replace_dataset("/boundary/axis", boundary_like((), np.uint8, 9)),
             "/boundary/axis"),
        case("the predicate calls are floating-point",
             replace_dataset("/boundary/predicate_calls", boundary_like((), np.float64, 1.0)),
             "/boundary/predicate_calls"),
    ]


def boundary_like(columns, dtype, fill):
    """A dataset of the valid file's boundary rows by `columns`, filled with `fill`."""
    import numpy as np

    def make(f, path, _folder):
        rows = f["/boundary/bracket_width"].shape[0]
        f.create_dataset(path, data=np.full((rows,) + columns, fill, dtype=dtype))
    return make


SWEEP_ARGS = ["region", "--axis", "mx:-1:1:5", "--axis", "my:-1:1:5", "--fix", "mz=0",
              "--refine-tol", "1e-3", "--threads", "1"]
HDF5_RUN = SWEEP_ARGS + ["--checkpoint", "ck", "--format", "hdf5", "--output", "s.h5"]
CSV_RUN = SWEEP_ARGS + ["--checkpoint", "ck", "--output", "out.csv"]


def finished_sweep(argv, then=None):
    """A setup running `nsdkit argv` (one process) in the case folder, then `then(folder)`."""
    def setup(folder):
        done = run_nsdkit(argv, folder, timeout_s=60)
        if done.returncode != 0:
            raise RuntimeError(f"setup sweep failed: {done.stderr[:300]!r}")
        if then:
            then(folder)
    return setup


def corrupt_block(folder):
    with open(os.path.join(folder, "ck", "grid-0.blk"), "r+b") as f:
        f.seek(40)
        f.write(b"\xff\xff\xff\xff")


def other_axes(argv):
    return [("mx:-1:1:6" if a == "mx:-1:1:5" else a) for a in argv]


def mpi_cases():
    def mpi(title, argv, field, setup):
        return mpi_case(TAG + "mpi " + title, argv, field, setup, timeout_s=30)
    return [
        mpi("hdf5: an existing sweep without --resume", HDF5_RUN, "--resume",
            finished_sweep(HDF5_RUN)),
        mpi("hdf5: other axes on --resume", other_axes(HDF5_RUN) + ["--resume"], "axes",
            finished_sweep(HDF5_RUN)),
        mpi("hdf5: a corrupt block on --resume", HDF5_RUN + ["--resume"], "grid-0.blk",
            finished_sweep(HDF5_RUN, corrupt_block)),
        mpi("hdf5: the checkpoint is a file", HDF5_RUN, "--checkpoint",
            lambda folder: suite_common.write(os.path.join(folder, "ck"), "a file\n")),
        mpi("hdf5: resuming a CSV checkpoint", HDF5_RUN + ["--resume"], "ck",
            finished_sweep(CSV_RUN)),
        mpi("csv: other axes on --resume", other_axes(CSV_RUN) + ["--resume"], "axes",
            finished_sweep(CSV_RUN)),
        mpi("csv: a corrupt block on --resume", CSV_RUN + ["--resume"], "grid-0.blk",
            finished_sweep(CSV_RUN, corrupt_block)),
        mpi("csv: the checkpoint is a file", CSV_RUN, "--checkpoint",
            lambda folder: suite_common.write(os.path.join(folder, "ck"), "a file\n")),
        Case(TAG + "the output is the checkpoint folder", SWEEP_ARGS + [
            "--checkpoint", "ck", "--output", "ck"], "--output"),
        Case(TAG + "the hdf5 output is the checkpoint folder", SWEEP_ARGS + [
            "--checkpoint", "ck", "--format", "hdf5", "--output", "ck"], "--output"),
    ]


def survivors_check(title, argv, plant, expect_kept, expect_removed=()):
    """A Check: plant(folder) creates files; after `nsdkit argv` succeeds, every file of
    expect_kept is still there and every file of expect_removed is gone."""
    def run(folder):
        plant(folder)
        done = run_nsdkit(argv, folder, timeout_s=60)
        problems = [] if done.returncode == 0 else [f"exit {done.returncode}: {done.stderr[:200]!r}"]
        problems += [f"{name} was removed" for name in expect_kept
                     if not os.path.exists(os.path.join(folder, name))]
        problems += [f"{name} was left" for name in expect_removed
                     if os.path.exists(os.path.join(folder, name))]
        return problems
    return Check(TAG + "temporaries: " + title, run)


LIVE = str(os.getpid())  # the suite's own process: alive while the cases run
DEAD = "999999999"       # above any pid_max: no such process


def temporary_checks():
    user_notes = "s.h5.tmp-nsdkit-hdf5-notes.txt"
    live = f"s.h5.tmp-nsdkit-hdf5-{LIVE}-12345"
    dead = f"s.h5.tmp-nsdkit-hdf5-{DEAD}-12345"
    ck_notes = os.path.join("ck", "notes.tmp-nsdkit-keep.txt")
    ck_live = os.path.join("ck", f"grid-0.blk.tmp-nsdkit-{LIVE}-0123456789abcdef")
    ck_dead = os.path.join("ck", f"grid-0.blk.tmp-nsdkit-{DEAD}-0123456789abcdef")

    def plant(*names):
        def setup(folder):
            for name in names:
                suite_common.write(os.path.join(folder, name), "keep me\n")
        return setup

    def resume_setup(*names):
        def setup(folder):
            finished_sweep(CSV_RUN)(folder)
            plant(*names)(folder)
        return setup
    hdf5_run = SWEEP_ARGS + ["--format", "hdf5", "--output", "s.h5"]
    return [
        survivors_check("a user's file named like a temporary survives", hdf5_run,
                        plant(user_notes), [user_notes]),
        survivors_check("a live run's temporary survives, a killed run's is removed", hdf5_run,
                        plant(live, dead), [live], [dead]),
        survivors_check("a checkpoint folder keeps a user's file and a live temporary on resume",
                        CSV_RUN + ["--resume"], resume_setup(ck_notes, ck_live, ck_dead),
                        [ck_notes, ck_live], [ck_dead]),
    ]


def cases():
    try:
        import h5py  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return mpi_cases() + temporary_checks()
    return (attribute_cases() + list_and_group_cases() + dataset_cases() + mpi_cases() +
            temporary_checks())
