import { describe, expect, it } from 'vitest';
import { csvCellText, csvDollars, csvLines, csvText, csvValue } from './csv';

describe('CSV cells', () => {
  it('keeps text someone wrote from being read as a formula: a leading quote before = + - @, tab or carriage return', () => {
    expect(csvText('=HYPERLINK("http://evil.example","Click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    expect(csvText('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvText('\t=1+1')).toBe("'\t=1+1");
    expect(csvText('\r=1+1')).toBe('"\'\r=1+1"');
    // A name that only contains such a sign further on is left alone.
    expect(csvText('Jean-Luc = the best')).toBe('Jean-Luc = the best');
    expect(csvText('Lamp, brass "vintage"')).toBe('"Lamp, brass ""vintage"""');
    expect(csvText('')).toBe('');
  });

  it('reads back exactly the text it wrote: only the quote the writer added comes off', () => {
    const texts = ['=1+1', "'=1+1", "''-2", "'plain", 'plain', '-5 cm ruler', '@home', "it's", '', "'", '+'];
    for (const text of texts) {
      const cell = csvText(text);
      // The cell as a CSV reader gives it: unquoted, quotes undoubled.
      const read = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(csvCellText(read), text).toBe(text);
    }
    expect(csvText("'=1+1")).toBe("''=1+1");
    expect(csvText("'plain")).toBe("'plain");
  });

  it('leaves the values the program writes as they are, so a negative amount stays a number', () => {
    expect(csvDollars(-1250)).toBe('-12.50');
    expect(csvDollars(-5)).toBe('-0.05');
    expect(csvDollars(123456)).toBe('1234.56');
    expect(csvValue(-3)).toBe('-3');
    expect(csvValue('2026-01-31')).toBe('2026-01-31');
    expect(csvValue('Net, after fees')).toBe('"Net, after fees"');
    expect(() => csvDollars(1.5)).toThrow(RangeError);
  });

  it('ends every line with CRLF', () => {
    expect(
      csvLines([
        ['Title', 'Net'],
        [csvText('=1+1'), csvDollars(-100)],
      ]),
    ).toBe("Title,Net\r\n'=1+1,-1.00\r\n");
  });
});
