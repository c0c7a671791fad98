/**
 * Reads a history export as a stream of text and hands back each answer's JSON text as soon as it
 * is complete, so a file of any size is read in slices and never held, or parsed, whole. Only an
 * export's shape is understood: one object whose `answers` is an array, its other keys returned by
 * `end()`. Hand-written: streaming JSON parsers build every value, several times slower.
 */

type Mode = 'start' | 'key' | 'key-string' | 'colon' | 'value' | 'raw' | 'items' | 'item' | 'after-items' | 'end';

/** The file does not have an export's shape. */
export class NotAnExport extends Error {
  constructor(detail: string) {
    super(`This file is not a Spanlight history export (${detail}).`);
    this.name = 'NotAnExport';
  }
}

const isSpace = (ch: string) => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '\ufeff';

/** Splits an export's text, fed in pieces, into the JSON texts of its answers. */
export class ExportSplitter {
  private mode: Mode = 'start';
  private key = '';
  private readonly header: Record<string, unknown> = {};
  private sawAnswers = false;
  /** The key, value or answer being read: its pieces from earlier chunks. */
  private pieces: string[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Characters fed before this chunk, for error positions. */
  private read = 0;
  /** The next backslash in this chunk at or after where `scan` is (-1: none left), so it is searched for once, not per string. */
  private backslash = -1;

  /** Feeds the next piece of text; returns the answers completed in it, in file order. */
  push(text: string): string[] {
    const out: string[] = [];
    // Where the text being captured starts in this chunk (-1: nothing is).
    let start = this.capturing() ? 0 : -1;
    this.backslash = text.indexOf('\\');
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      switch (this.mode) {
        case 'start':
          if (isSpace(ch)) break;
          if (ch !== '{') throw new NotAnExport('it does not start with “{”');
          this.mode = 'key';
          break;
        case 'key':
          if (isSpace(ch) || ch === ',') break;
          if (ch === '}') this.mode = 'end';
          else if (ch === '"') {
            this.mode = 'key-string';
            this.begin();
            start = i + 1;
          } else throw this.unexpected(ch, i);
          break;
        case 'key-string':
          if (this.escaped) this.escaped = false;
          else if (ch === '\\') this.escaped = true;
          else if (ch === '"') {
            this.key = JSON.parse(`"${this.pieces.join('')}${text.slice(start, i)}"`) as string;
            this.pieces = [];
            start = -1;
            this.mode = 'colon';
          }
          break;
        case 'colon':
          if (isSpace(ch)) break;
          if (ch !== ':') throw this.unexpected(ch, i);
          this.mode = 'value';
          break;
        case 'value':
          if (isSpace(ch)) break;
          if (this.key === 'answers' && ch === '[') {
            this.mode = 'items';
            this.sawAnswers = true;
            break;
          }
          this.mode = 'raw';
          this.begin();
          start = i;
          i = this.scan(text, i) - 1;
          break;
        case 'items':
          if (isSpace(ch)) break;
          if (ch === ']') {
            this.mode = 'after-items';
            break;
          }
          this.mode = 'item';
          this.begin();
          start = i;
          i = this.scan(text, i) - 1;
          break;
        case 'raw':
        case 'item': {
          // `scan` stops on a `,`, `}` or `]` outside strings and brackets (or at the chunk's end).
          if (this.depth > 0 || this.inString || (ch !== ',' && ch !== '}' && ch !== ']')) {
            i = this.scan(text, i) - 1;
            break;
          }
          const value = (this.pieces.join('') + text.slice(start, i)).trim();
          this.pieces = [];
          start = -1;
          if (this.mode === 'item') {
            if (ch === '}' || !value) throw this.unexpected(ch, i);
            out.push(value);
            this.mode = ch === ']' ? 'after-items' : 'items';
          } else {
            if (ch === ']') throw this.unexpected(ch, i);
            this.header[this.key] = this.parseHeaderValue(value);
            this.mode = ch === '}' ? 'end' : 'key';
          }
          break;
        }
        case 'after-items':
          if (isSpace(ch)) break;
          if (ch === ',') this.mode = 'key';
          else if (ch === '}') this.mode = 'end';
          else throw this.unexpected(ch, i);
          break;
        case 'end':
          if (!isSpace(ch)) throw this.unexpected(ch, i);
          break;
      }
    }
    if (start >= 0 && this.capturing()) this.pieces.push(text.slice(start));
    this.read += text.length;
    return out;
  }

  /** After the last piece: the export's other keys. Throws when the text stopped before the end. */
  end(): Record<string, unknown> {
    if (this.mode !== 'end') throw new NotAnExport('the file ends before the export does');
    if (!this.sawAnswers) throw new NotAnExport('it has no list of answers');
    return this.header;
  }

  private capturing() {
    return this.mode === 'raw' || this.mode === 'item' || this.mode === 'key-string';
  }

  private begin() {
    this.pieces = [];
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /**
   * Consumes a value's characters from `i` up to the next one that may end it (a `,`, `}` or `]`
   * outside strings and brackets), tracking strings and brackets; returns that index, or the
   * chunk's length. Inside strings it jumps between quotes and backslashes: that is where a large
   * file's time goes.
   */
  private scan(text: string, i: number): number {
    let j = i;
    while (j < text.length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          j++;
          continue;
        }
        const q = text.indexOf('"', j);
        if (this.backslash >= 0 && this.backslash < j) this.backslash = text.indexOf('\\', j);
        const b = this.backslash;
        if (b >= 0 && (q < 0 || b < q)) {
          this.escaped = true;
          j = b + 1;
        } else if (q >= 0) {
          this.inString = false;
          j = q + 1;
        } else return text.length;
        continue;
      }
      const ch = text[j]!;
      if (ch === '"') this.inString = true;
      else if (ch === '{' || ch === '[') this.depth++;
      else if (ch === '}' || ch === ']') {
        if (this.depth === 0) return j;
        this.depth--;
      } else if (ch === ',' && this.depth === 0) return j;
      j++;
    }
    return j;
  }

  private parseHeaderValue(value: string): unknown {
    try {
      return JSON.parse(value);
    } catch {
      throw new NotAnExport(`its “${this.key}” is not valid JSON`);
    }
  }

  private unexpected(ch: string, i: number) {
    return new NotAnExport(`unexpected “${ch}” at character ${(this.read + i + 1).toLocaleString('en')}`);
  }
}
