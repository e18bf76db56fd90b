import { describe, expect, it } from 'vitest';
import { csvRecords, csvTable } from './csv-table';

describe('a choices CSV', () => {
  it('reads quoted commas, quotes and line breaks, CRLF and a byte-order mark', () => {
    expect(
      csvRecords('\uFEFFname,label\r\nkgl,"Kigali, City"\r\nhye,"Huye ""South"""\nmsz,"Line\nbreak"\n\n'),
    ).toEqual([
      ['name', 'label'],
      ['kgl', 'Kigali, City'],
      ['hye', 'Huye "South"'],
      ['msz', 'Line\nbreak'],
    ]);
    expect(csvRecords('name,label\nx,"never closed')).toBeNull();
    // A quote inside an unquoted value is kept; text after a closing quote joins the value.
    expect(csvRecords('a"b,"c"d,""\n')).toEqual([['a"b', 'cd', '']]);
  });

  it('makes the attached table the engine reads, each row as wide as the header', () => {
    const result = csvTable(
      'name,label,label::Français (fr),province\nkgl,Kigali,Kigali,kigali\n hye ,Huye\n',
    );
    expect(result).toEqual({
      table: {
        columns: ['name', 'label', 'label::Français (fr)', 'province'],
        rows: [
          ['kgl', 'Kigali', 'Kigali', 'kigali'],
          ['hye', 'Huye', '', ''],
        ],
      },
    });
  });

  it('says what is wrong with a file that cannot be a choice list', () => {
    const error = (text: string) =>
      'error' in csvTable(text) ? (csvTable(text) as { error: string }).error : '';
    expect(error('')).toBe('The file is empty.');
    expect(error('code,label\na,A')).toContain('“name” column');
    expect(error('name,province\na,b')).toContain('“label” column');
    expect(error('name,label\n')).toBe('The file has no choices below its first row.');
    expect(error('name,label\na,A\n,B')).toBe('Row 3 has no name.');
    expect(error('name,label\na,A\na,B')).toBe('Row 3: the name “a” is already used above.');
    expect(error('name,label,name\na,A,b')).toBe('Two columns have the same name.');
    expect(error(`name,label\na,${'x'.repeat(1001)}`)).toContain('longer than 1000');
  });
});
