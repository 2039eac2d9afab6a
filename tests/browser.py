"""Debian's Chromium driven by Selenium, for the web edition's tests; one clear skip where
either is missing (.ci/run installs them)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")


def _first(paths: tuple[str, ...], name: str) -> str | None:
    return next((p for p in paths if Path(p).exists()), None) or shutil.which(name)


def chromium(width: int = 1280, height: int = 900):
    """A headless Chromium with its performance log on (every network request it makes)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("the web edition's browser tests need selenium: pip install '.[test]'")
    binary, driver = _first(CHROMIUM, "chromium"), _first(DRIVER, "chromedriver")
    if not binary or not driver:
        pytest.skip("the web edition's browser tests need Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                 "--allow-file-access-from-files", "--no-first-run", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    browser = webdriver.Chrome(service=Service(driver), options=options)
    # a window is never narrower than about 500 px; a phone's width is emulated
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    return browser


def requests(browser) -> list[str]:
    """Every URL the page asked for since the last call (the DevTools network log)."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def errors(browser) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


# What a page of the web edition sets once its script has run: the player's handle.
PLAYER_READY = "return !!(window.Puzzlepress && window.Puzzlepress.page)"


def visit(browser, url: str | None = None, ready: str = PLAYER_READY, seconds: float = 30) -> None:
    """Open `url` (or load the page again) and wait until `ready` (a script) is true: a loaded
    machine once let a find run before the player had drawn its board (CI, 2026-12-03, cell-0
    not found), though the script is in the page. A page that never gets there fails with the
    browser's own errors."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    if url is None:
        browser.refresh()
    else:
        browser.get(url)
    try:
        WebDriverWait(browser, seconds).until(lambda b: b.execute_script(ready))
    except TimeoutException:
        pytest.fail(f"{url or 'the page loaded again'} was not ready after {seconds:g} s; the browser said: {errors(browser)}")
