"""The interactive pages in a real browser (headless Chromium through Selenium, Debian's chromium,
chromium-driver and python3-selenium): report.html of `nsdkit validate` and stability_body.html
of `nsdkit ball-trough`, as the commands write them. Each page: no console error, its plot
present and not blank (pixels of a screenshot), and its interaction working (the report: one
table row per row of report.json, a click on a row shows that run's details and time series;
the body: a legend click hides a condition's triangles).

Environment: NSDKIT_CLI (the nsdkit executable), NSDKIT_BROWSER_WORK (scratch folder),
NSDKIT_SCREENSHOT_DIR (optional: where to keep the screenshots, e.g. docs/).
"""
import io
import json
import os
import shutil
import subprocess
import time

import matplotlib.image
import numpy as np
import pytest

CLI = os.environ.get("NSDKIT_CLI", "")
WORK = os.environ.get("NSDKIT_BROWSER_WORK", "/tmp/nsdkit_browser_work")
SHOTS = os.environ.get("NSDKIT_SCREENSHOT_DIR", "")

# `./nsdkit.sh test` (and so CI) installs Chromium and its driver and sets
# NSDKIT_REQUIRE_BROWSER=1: there a missing driver fails the test instead of skipping it.
if os.environ.get("NSDKIT_REQUIRE_BROWSER") == "1" and not (CLI and shutil.which("chromedriver")):
    raise RuntimeError("NSDKIT_REQUIRE_BROWSER=1 but NSDKIT_CLI or chromedriver is missing")
pytestmark = pytest.mark.skipif(not CLI or not shutil.which("chromedriver"),
                                reason="NSDKIT_CLI or chromedriver missing")


@pytest.fixture(scope="module")
def pages():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    report = os.path.join(WORK, "validation")
    subprocess.run([CLI, "validate", "--quick", "--families", "trough,incline,launch",
                    "--map-grid", "9", "--quiet", "--output", report], check=True,
                   stdout=subprocess.DEVNULL)
    body = os.path.join(WORK, "ball_trough")
    subprocess.run([CLI, "ball-trough", "--grid", "5", "--output-dir", body], check=True,
                   stdout=subprocess.DEVNULL)
    return {"report": report, "body": body}


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--enable-unsafe-swiftshader",
                 "--use-angle=swiftshader"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    yield driver
    driver.quit()


def wait_for(driver, script, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for: {script}")


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def screenshot_pixels(driver, name):
    png = driver.get_screenshot_as_png()
    if SHOTS:
        with open(os.path.join(SHOTS, name), "wb") as f:
            f.write(png)
    return matplotlib.image.imread(io.BytesIO(png), format="png")[:, :, :3]


def coloured_fraction(pixels, colour, tolerance=0.12):
    return float(np.mean(np.all(np.abs(pixels - np.array(colour)) < tolerance, axis=2)))


def test_report_page(pages, browser):
    with open(os.path.join(pages["report"], "report.json")) as f:
        rows = json.load(f)["rows"]
    browser.get("file://" + os.path.join(pages["report"], "report.html"))
    wait_for(browser, "return document.querySelectorAll('.map .js-plotly-plot').length > 0")
    wait_for(browser, "return window.jQuery && $.fn.dataTable.isDataTable('#rows')")
    assert console_errors(browser) == []
    # One table row per row of report.json, all in the table (no paging).
    assert browser.execute_script("return $('#rows').DataTable().rows().count()") == len(rows)
    assert browser.execute_script("return document.querySelectorAll('#rows tbody tr').length") \
        == len(rows)
    # The maps are drawn: their points (green agree, red differ) cover part of the screen. With
    # --map-grid 9 two maps show 2 x 81 markers of about 40 pixels each: 0.5 % of a 1400 x 1000
    # screenshot; a blank plot has none (the legend's two markers are 0.01 %).
    browser.execute_script("document.querySelector('.map').scrollIntoView()")
    time.sleep(0.5)
    pixels = screenshot_pixels(browser, "report_html.png")
    green = coloured_fraction(pixels, (0x2c / 255, 0xa0 / 255, 0x2c / 255))
    red = coloured_fraction(pixels, (0xd6 / 255, 0x27 / 255, 0x28 / 255))
    assert green + red > 0.002, (green, red)
    # Filtering narrows the rows; a click on a row shows its details and time series.
    shown = browser.execute_script(
        "const t = $('#rows').DataTable(); t.search('incline').draw();"
        "return t.rows({search: 'applied'}).count();")
    assert 0 < shown < len(rows)
    browser.execute_script("$('#rows').DataTable().search('').draw();")
    index = next(i for i, r in enumerate(rows) if r["status"] in ("pass", "fail"))
    browser.execute_script(f"document.querySelector('#rows tbody tr[data-row=\"{index}\"]').click()")
    details = wait_for(browser, "return document.getElementById('details').innerText")
    assert rows[index]["case"] in details and rows[index]["solver"] in details
    traces = wait_for(browser, "const s = document.getElementById('series');"
                               "return s.data && s.data.length && s.data[0].x.length")
    assert traces > 10
    assert console_errors(browser) == []


def test_stability_body_page(pages, browser):
    browser.get("file://" + os.path.join(pages["body"], "stability_body.html"))
    wait_for(browser, "return document.querySelectorAll('.js-plotly-plot canvas').length > 0")
    time.sleep(1.0)
    assert console_errors(browser) == []
    names = browser.execute_script(
        "return document.querySelector('.js-plotly-plot').data.map(t => t.meta)")
    assert {"SS", "RS", "SR"} <= set(names), names
    assert any("m_z1" in n for n in names) and any("maximum acceleration" in n for n in names)
    pixels = screenshot_pixels(browser, "stability_body_html.png")
    # WebGL drew the body: many pixels in each condition's hue family (lit, so not exact).
    red = np.mean((pixels[:, :, 0] > 0.5) & (pixels[:, :, 1] < 0.3) & (pixels[:, :, 2] < 0.3))
    orange = np.mean((pixels[:, :, 0] > 0.8) & (pixels[:, :, 1] > 0.35) &
                     (pixels[:, :, 1] < 0.65) & (pixels[:, :, 2] < 0.2))
    assert red > 0.02 and orange > 0.01, (red, orange)
    # Clicking the SS legend entry hides that trace (the legend toggles conditions).
    from selenium.webdriver.common.by import By
    index = names.index("SS")
    browser.find_elements(By.CSS_SELECTOR, ".legend .traces .legendtoggle")[index].click()
    hidden = wait_for(browser, f"return document.querySelector('.js-plotly-plot').data[{index}]"
                               ".visible === 'legendonly'", seconds=5)
    assert hidden
    assert console_errors(browser) == []
