/** `saveLocalFile`: the chunked copy of a picked file into the app's data folder (main/files/local-files.ts). */
import type { HandlerMap } from '../handler';

export const localFileHandlers = {
  saveLocalFile: (input, ctx) => ctx.localFiles.receive(input),
} satisfies Partial<HandlerMap>;
