import fs from 'node:fs';

/** Debian's chromium (or CHROMIUM_PATH): browser tests never download a browser of their own. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return (
    candidates.find(
      (candidate): candidate is string => Boolean(candidate) && fs.existsSync(candidate as string),
    ) ?? null
  );
}
