/**
 * Reads one `SampleRef`'s `FileRef` (FORMATS.md: only these name samples; other FileRefs are presets) from the
 * element events below it. Both scanners feed it the same events, so they agree on every sample.
 *
 *   Live 11+:  FileRef/RelativePath@Value, FileRef/Path@Value, FileRef/RelativePathType@Value
 *   Live <=10: FileRef/RelativePath/RelativePathElement@Dir (an empty Dir means "..") + FileRef/Name@Value,
 *              FileRef/HasRelativePath@Value, and the absolute folders in FileRef/SearchHint/PathHint
 */
import type { Attributes, SampleRefFacts } from './als-facts';

/** `RelativePathType` 3: relative to the Live project folder (1 is the set's folder, 5 a Live library). */
const RELATIVE_TO_PROJECT = '3';
const WINDOWS_DRIVE = /^[A-Za-z]:$/;

export class SampleRefReader {
  /** Names of the open elements below SampleRef. */
  private readonly path: string[] = [];
  private finished = false;
  private isFileRef = false;
  private relativePathValue: string | undefined;
  private readonly relativeDirs: string[] = [];
  private readonly hintDirs: string[] = [];
  private pathValue: string | undefined;
  private fileName: string | undefined;
  private hasRelativePath: string | undefined;
  private relativePathType: string | undefined;

  /** True once the first child of SampleRef has been read: the rest of SampleRef can be skipped. */
  get done(): boolean {
    return this.finished;
  }

  /** How many elements below SampleRef are open; 0 means a close tag now closes SampleRef itself. */
  get depth(): number {
    return this.path.length;
  }

  open(name: string, attributes: Attributes, isEmpty: boolean): void {
    if (this.finished) return;
    const depth = this.path.length;
    if (depth === 0) {
      // Only the direct FileRef counts: SourceContext holds an OriginalFileRef with another FileRef inside.
      this.isFileRef = name === 'FileRef';
      if (!this.isFileRef || isEmpty) this.finished = true;
    } else {
      this.readField(name, attributes);
    }
    if (!isEmpty) this.path.push(name);
  }

  close(): void {
    const name = this.path.pop();
    if (this.path.length === 0 && name === 'FileRef') this.finished = true;
  }

  result(): SampleRefFacts | null {
    if (!this.isFileRef) return null;
    const relativePath = this.relativePath();
    const absolutePath = this.absolutePath();
    if (relativePath === null && absolutePath === null) return null;
    return { absolutePath, relativePath, inProject: this.relativePathType === RELATIVE_TO_PROJECT };
  }

  private readField(name: string, attributes: Attributes): void {
    const parent = this.path.join('/');
    if (parent === 'FileRef') {
      if (name === 'RelativePath') this.relativePathValue = attributes.get('Value');
      else if (name === 'Path') this.pathValue = attributes.get('Value');
      else if (name === 'Name') this.fileName = attributes.get('Value');
      else if (name === 'HasRelativePath') this.hasRelativePath = attributes.get('Value');
      else if (name === 'RelativePathType') this.relativePathType = attributes.get('Value');
    } else if (name === 'RelativePathElement') {
      const dir = attributes.get('Dir') ?? '';
      if (parent === 'FileRef/RelativePath') this.relativeDirs.push(dir);
      else if (parent === 'FileRef/SearchHint/PathHint') this.hintDirs.push(dir);
    }
  }

  private relativePath(): string | null {
    if (this.relativePathValue !== undefined) return this.relativePathValue === '' ? null : this.relativePathValue;
    if (this.hasRelativePath === 'false' || !this.fileName) return null;
    return [...this.relativeDirs.map((dir) => (dir === '' ? '..' : dir)), this.fileName].join('/');
  }

  private absolutePath(): string | null {
    if (this.pathValue !== undefined) return this.pathValue === '' ? null : this.pathValue;
    if (this.hintDirs.length === 0 || !this.fileName) return null;
    const folders = this.hintDirs.join('/');
    return WINDOWS_DRIVE.test(this.hintDirs[0] ?? '') ? `${folders}/${this.fileName}` : `/${folders}/${this.fileName}`;
  }
}
