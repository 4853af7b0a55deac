"""Headless Chromium through Debian's chromium-driver for the browser tests: a device of a given size (a 360x740
phone by default) with its own profile, and a wait that takes a live page's replaced parts as "not yet"."""
import shutil
import tempfile

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def device(tmp, name, width=360, height=740):
    o = webdriver.ChromeOptions()
    o.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run", f"--window-size={width},{height}",
              f"--user-data-dir={tempfile.mkdtemp(prefix='profile-' + name + '-', dir=tmp)}"]:
        o.add_argument(a)
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=o)
    d.set_page_load_timeout(30)
    return d


def wait(d, cond, timeout=10):
    """cond() until it is true (its value), or None after `timeout` seconds; an element found a moment ago that a live
    page has replaced since is "not yet", and cond is asked again."""
    try:
        return WebDriverWait(d, timeout, poll_frequency=0.05,
                             ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(lambda _: cond())
    except TimeoutException:
        return None
