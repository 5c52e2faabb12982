import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the browser suite leaves its screenshots (git-ignored). */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Why the browser suite cannot run here, or false when it can. REQUIRE_BROWSER=1 (set by CI) turns a
 * missing Chromium into a failure instead of a skip.
 */
export function browserSkipReason(): string | false {
  if (existsSync(CHROMIUM_PATH)) return false;
  const reason = `no Chromium at ${CHROMIUM_PATH} (install Debian's chromium package, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_BROWSER === '1') throw new Error(`The browser suite is required here, but there is ${reason}.`);
  return reason;
}

export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The machine's network is closed: Chromium's background services would only fail to connect.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
