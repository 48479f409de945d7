/** The browser host as a process of its own (`npm start` runs it with the app's V8 settings). */
import { logStrayRejections } from '../stray-rejections';
import { runHost } from './index';

logStrayRejections('host');

runHost().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
