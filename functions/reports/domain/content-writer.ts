/**
 * A page content stream written straight into one reused byte buffer: PDF operators, numbers
 * and literal strings go in as bytes, so a page of thousands of operators leaves no strings
 * behind for the garbage collector (ropes of page text kept the young generation growing).
 */
export class ContentWriter {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  /** Starts a new stream, keeping the buffer. */
  reset(): void {
    this.length = 0;
  }

  /** The bytes written since the last reset (a view: valid until the next write). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private room(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  /** Operators and other ASCII text, as is. */
  raw(text: string): this {
    this.room(text.length);
    this.length += this.buffer.write(text, this.length, 'latin1');
    return this;
  }

  /** A number with at most two decimals, then a space. */
  num(n: number): this {
    this.room(24);
    let hundredths = Math.round(n * 100);
    if (hundredths < 0) {
      this.buffer[this.length++] = 0x2d;
      hundredths = -hundredths;
    }
    this.digits(Math.floor(hundredths / 100));
    const fraction = hundredths % 100;
    if (fraction !== 0) {
      this.buffer[this.length++] = 0x2e;
      this.buffer[this.length++] = 0x30 + Math.floor(fraction / 10);
      if (fraction % 10 !== 0) this.buffer[this.length++] = 0x30 + (fraction % 10);
    }
    this.buffer[this.length++] = 0x20;
    return this;
  }

  private digits(n: number): void {
    let count = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) count++;
    for (let i = count - 1, rest = n; i >= 0; i--, rest = Math.floor(rest / 10)) {
      this.buffer[this.length + i] = 0x30 + (rest % 10);
    }
    this.length += count;
  }

  /** A literal string `(…)` of WinAnsi bytes (char codes 0..255), escaping `(`, `)` and `\`. */
  literal(bytes: string): this {
    this.room(2 * bytes.length + 2);
    const buffer = this.buffer;
    let at = this.length;
    buffer[at++] = 0x28;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes.charCodeAt(i);
      if (c === 0x28 || c === 0x29 || c === 0x5c) buffer[at++] = 0x5c;
      buffer[at++] = c;
    }
    buffer[at++] = 0x29;
    this.length = at;
    return this;
  }
}
