/**
 * The two ways a scan of the inflated XML can stop early. Both stay inside this reader: `readAls` turns a
 * rejection into the shared `UnreadableFileError` (which needs the file path the scanners never see), and
 * answers a bail-out by reading the file again with the careful parser.
 */

/** The file is not a readable Live set; `reason` is short and shown to the user. */
export class SetRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SetRejected';
  }
}

/**
 * The fast scanner met XML it does not model (a comment, CDATA, a processing instruction, an unknown entity,
 * a mismatched tag). Live never writes these; the careful parser reads such a file exactly, or rejects it.
 */
export class FastScanBailout extends Error {
  constructor(readonly why: string) {
    super(`fast scan cannot read this set exactly: ${why}`);
    this.name = 'FastScanBailout';
  }
}
