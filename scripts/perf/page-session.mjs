// What both Lighthouse tools in this folder need before a run: a demo user's session cookie and the
// page's URL, and a Chromium for Lighthouse to drive.
import * as chromeLauncher from 'chrome-launcher';

const DEMO_PASSWORD = 'demo-password';

/**
 * Signs the demo user `email` in (none when it is '-') and resolves `path`: 'TASK' stands for the
 * user's first task. Returns the cookie (or undefined) and the page's path.
 */
export async function openPage(origin, path, email) {
  let cookie;
  if (email !== '-') {
    const response = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }
  if (path !== 'TASK') return { cookie, url: path };
  const { tasks } = await (await fetch(`${origin}/api/tasks`, { headers: { cookie } })).json();
  return { cookie, url: `/task/${tasks[0].id}` };
}

/** A headless Debian Chromium (CHROME_PATH to use another) on a port Lighthouse connects to. */
export const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
