/**
 * The sandbox bank's 3-D Secure challenge (sandbox-processor/server/challenge-page.ts): a page
 * with two buttons, `Complete authentication` and `Fail authentication`, in a form that answers
 * and sends the browser back to the charge's return URL.
 *
 * Contract: the challenge may show as the page itself, in a frame at any depth (the embed's
 * challenge frame), or in a popup of the same browser context; the helper looks in all of them,
 * so it keeps working whichever way svcpay shows it.
 */
import type { Frame, Locator, Page } from '@playwright/test';
import type { ChallengeAnswer, CompleteChallengeOptions } from './types.js';

export const CHALLENGE_BUTTONS: Record<ChallengeAnswer, string> = {
  approve: 'Complete authentication',
  fail: 'Fail authentication',
};

const POLL_MS = 100;

async function findButton(page: Page, name: string): Promise<Locator | null> {
  const frames: Frame[] = page.context().pages().flatMap((p) => p.frames());
  for (const frame of frames) {
    const button = frame.getByRole('button', { name, exact: true });
    try {
      if ((await button.count()) > 0) return button;
    } catch {
      // The frame navigated or went away while we looked: look again next round.
    }
  }
  return null;
}

export async function completeChallenge(page: Page, answer: ChallengeAnswer, options: CompleteChallengeOptions = {}): Promise<void> {
  const name = CHALLENGE_BUTTONS[answer];
  if (!name) throw new Error(`completeChallenge: answer must be 'approve' or 'fail', not ${JSON.stringify(answer)}.`);
  const timeout = options.timeout ?? 30_000;
  const deadline = Date.now() + timeout;
  for (;;) {
    const button = await findButton(page, name);
    if (button) {
      await button.click();
      // The form posts and the bank sends the browser back: the button leaves with its page, or
      // with its whole frame when svcpay closes the challenge dialog at once.
      await button.waitFor({ state: 'detached', timeout }).catch((err: unknown) => {
        if (!/detached/i.test(err instanceof Error ? err.message : String(err))) throw err;
      });
      return;
    }
    if (Date.now() >= deadline) {
      throw new Error(`completeChallenge: no 3-D Secure challenge (a "${name}" button) showed within ${timeout} ms in this page, its frames or its popups.`);
    }
    await page.waitForTimeout(POLL_MS);
  }
}
