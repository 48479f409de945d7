/**
 * The careful scan: a full streaming XML parse with saxes, walking the same paths through `AlsFactsBuilder`
 * as the fast scanner. Used for the rare file the fast scanner does not model (comments, CDATA, odd markup),
 * and by the tests as the reference the fast scanner must agree with. Several times slower; exact.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AlsFactsBuilder, type AlsFacts, type Attributes } from './als-facts';
import { SampleRefReader } from './sample-ref-reader';
import { SetRejected } from './set-rejected';

const HOSTILE_XML = 'XML declares a DOCTYPE or entities';
/** `<!ENTITY` is only legal inside a DOCTYPE, but a stray one is refused with the same reason. */
const ENTITY_DECLARATION = '<!ENTITY';

type Level =
  /** The builder reads this element: its close is reported. */
  | 'read'
  /** Nobody reads this element or anything below it (SampleRefs aside). */
  | 'ignored'
  /** The SampleRef a sample reader is reading. */
  | 'sample-ref'
  /** An element below a SampleRef. */
  | 'in-sample-ref';

export class CarefulAlsScanner {
  private readonly builder = new AlsFactsBuilder();
  private readonly parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  private readonly decoder = new TextDecoder('utf-8');
  private readonly levels: Level[] = [];
  private sample: SampleRefReader | null = null;
  private tail = '';
  private started = false;

  constructor() {
    this.parser.on('doctype', () => {
      throw new SetRejected(HOSTILE_XML);
    });
    this.parser.on('opentag', (tag) => this.onOpen(tag));
    this.parser.on('closetag', () => this.onClose());
  }

  write(chunk: Buffer): void {
    const text = this.decoder.decode(chunk, { stream: true });
    this.refuseEntityDeclarations(text);
    this.feed(text);
  }

  end(): AlsFacts {
    this.feed(this.decoder.decode());
    if (!this.started) throw new SetRejected('not an Ableton Live set (no XML)');
    try {
      this.parser.close();
    } catch (error) {
      throw new SetRejected(`truncated or malformed XML (${messageOf(error)})`);
    }
    return this.builder.facts;
  }

  private feed(text: string): void {
    if (text === '') return;
    if (!this.started && text.trim() !== '') {
      if (!text.trimStart().startsWith('<')) throw new SetRejected('not an Ableton Live set (not XML)');
      this.started = true;
    }
    try {
      this.parser.write(text);
    } catch (error) {
      if (error instanceof SetRejected) throw error;
      throw new SetRejected(`malformed XML (${messageOf(error)})`);
    }
  }

  /** Checks across chunk boundaries by keeping the last few characters. */
  private refuseEntityDeclarations(text: string): void {
    const window = this.tail + text;
    if (window.includes(ENTITY_DECLARATION)) throw new SetRejected(HOSTILE_XML);
    this.tail = window.slice(-(ENTITY_DECLARATION.length - 1));
  }

  private onOpen(tag: SaxesTagPlain): void {
    const attributes: Attributes = { get: (name) => tag.attributes[name] };
    const parent = this.levels[this.levels.length - 1];
    if (parent === 'sample-ref' || parent === 'in-sample-ref') {
      this.sample?.open(tag.name, attributes, tag.isSelfClosing);
      // The reader expects no close for an empty element; saxes reports one.
      this.levels.push(tag.isSelfClosing ? 'ignored' : 'in-sample-ref');
    } else if (tag.name === 'SampleRef') {
      this.sample = new SampleRefReader();
      this.levels.push('sample-ref');
    } else if (parent === 'ignored') {
      this.levels.push('ignored');
    } else {
      const reads = this.builder.open(tag.name, attributes, tag.isSelfClosing);
      // saxes reports a close for an empty element too; the builder expects none for it.
      this.levels.push(reads ? 'read' : 'ignored');
    }
  }

  private onClose(): void {
    const level = this.levels.pop();
    if (level === 'read') {
      this.builder.close();
    } else if (level === 'in-sample-ref') {
      // The reader tracks its own depth; once done it ignores the rest of the SampleRef.
      if (this.sample && !this.sample.done) this.sample.close();
    } else if (level === 'sample-ref' && this.sample) {
      const ref = this.sample.result();
      if (ref) this.builder.sampleRef(ref);
      this.sample = null;
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
