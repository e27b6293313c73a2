"""Headless Chromium through Selenium (Debian's chromium, chromium-driver and python3-selenium),
as the browser test and bench/bench_pages.py open the pages: software WebGL (SwiftShader), a
1400 x 1000 window."""
import shutil


def start_chromium(console_log=False):
    """A new headless Chromium; with console_log, its console messages are kept for
    driver.get_log("browser")."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--enable-unsafe-swiftshader",
                 "--use-angle=swiftshader"):
        options.add_argument(flag)
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
