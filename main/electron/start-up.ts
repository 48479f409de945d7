/**
 * The desktop app's start, with its failure said out loud: if the start throws (a library written by a newer
 * version, `db_too_new`; a database that will not open; a cloud that will not start), the person sees why in a
 * dialog and the app quits, rather than running on with no window and no word.
 */
import { app, dialog } from 'electron';
import { CONTACT_EMAIL } from '../../common/constants';
import { isAppError } from '../../common/errors';

export const START_FAILED_TITLE = 'Songshelf could not start';

export async function startOrExplain(start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    console.error('[main] start-up failed:', error);
    // An AppError's message is written for the person (common/errors.ts); anything else gets its text and a hint.
    const message = isAppError(error)
      ? error.message
      : `${error instanceof Error ? error.message : String(error)}\n\nPlease report this, with the text above, to ${CONTACT_EMAIL}.`;
    dialog.showErrorBox(START_FAILED_TITLE, message);
    app.quit();
  }
}
