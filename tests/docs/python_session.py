"""One page's Python session: reads blocks (one JSON object a line: page, line, code) from stdin
and executes each in the same namespace, as a reader types them one after the other; answers one
JSON line per block: {"ok": true} or {"ok": false, "error": "<traceback>"}. The code is compiled
with the page's path and padded so that tracebacks give the page's own line numbers."""
import json
import sys
import traceback

namespace = {"__name__": "__main__"}
replies = sys.stdout
sys.stdout = sys.stderr  # the blocks' prints go to the log, not into the protocol
for request in sys.stdin:
    block = json.loads(request)
    try:
        padded = "\n" * block["line"] + block["code"]  # the code's first line is line + 1
        exec(compile(padded, block["page"], "exec"), namespace)
        reply = {"ok": True}
    except BaseException as error:  # noqa: BLE001 - any failure of the block is its error
        frames = traceback.extract_tb(error.__traceback__)[1:]  # without this file's exec
        text = "".join(traceback.format_list(frames[-4:]))
        text += "".join(traceback.format_exception_only(type(error), error))
        reply = {"ok": False, "error": "Traceback (most recent call last):\n" + text}
    sys.stderr.flush()
    replies.write(json.dumps(reply) + "\n")
    replies.flush()
