import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvChunks, csvField, csvLine, neutralise } from './csv-writer';

describe('CSV writer', () => {
  it('quotes as RFC 4180 says: quotes doubled, commas and line breaks inside quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
    expect(csvLine(['é', 'ü,ß', ''])).toBe('é,"ü,ß",\r\n');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(neutralise('=1+1')).toBe("'=1+1");
    expect(neutralise('+41 79 000 00 00')).toBe("'+41 79 000 00 00");
    expect(neutralise('-2+3')).toBe("'-2+3");
    expect(neutralise('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralise('\t=cmd')).toBe("'\t=cmd");
    expect(neutralise('\r=cmd')).toBe("'\r=cmd");
    expect(neutralise('-1.9441 30.0619')).toBe("'-1.9441 30.0619");
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
  });

  it('leaves plain numbers and ordinary text alone', () => {
    for (const n of ['-3', '-3.5', '+7', '-.5', '1e5', '-2E-3', '42']) expect(neutralise(n)).toBe(n);
    for (const t of ['a=b', 'email@example.org', 'x-y', " 'quoted"]) expect(neutralise(t)).toBe(t);
  });

  it('starts with the byte-order mark and the header, then a chunk per non-empty batch', async () => {
    async function* batches() {
      yield [['1', 'a']];
      yield [];
      yield [
        ['2', 'b'],
        ['3', 'c'],
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['n', 'letter'], batches())) chunks.push(chunk);
    expect(chunks).toEqual([`${CSV_BOM}n,letter\r\n`, '1,a\r\n', '2,b\r\n3,c\r\n']);
  });
});
