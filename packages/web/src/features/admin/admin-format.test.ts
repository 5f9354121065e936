import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PRICE_CENTS } from '@bpa/domain/constants';
import { invalidFileSizeMessage } from '@bpa/domain/messages';
import {
  tableEmptyText,
  ONE_FILE_MESSAGE,
  checkMasterUpload,
  countText,
  formatAdminDate,
  formatMessageSentAt,
  formatMessageTime,
  formatPrice,
  notCsvMessage,
  tablePagination,
  toCsvFileName,
  toUploadProblem,
} from './admin-format';

const utc = { timeZone: 'UTC' };

describe('formatAdminDate (docs/product.md §9: month/day/year)', () => {
  it('shows two-digit month and day and the full year', () => {
    expect(formatAdminDate('2025-03-01T14:05:00.000Z', utc)).toBe('03/01/2025');
    expect(formatAdminDate('2024-12-31T23:59:59.000Z', utc)).toBe('12/31/2024');
  });

  it('shows the day in the given time zone', () => {
    // 02:00 UTC on 1 March is still 28 February in New York.
    expect(formatAdminDate('2025-03-01T02:00:00.000Z', { timeZone: 'America/New_York' })).toBe('02/28/2025');
  });

  it('leaves a text that is not a date as it is', () => {
    expect(formatAdminDate('not a date', utc)).toBe('not a date');
  });
});

describe('formatMessageTime (docs/product.md §9: 12-hour with AM/PM)', () => {
  it('shows afternoon, morning, noon and midnight in 12-hour form', () => {
    expect(formatMessageTime('2025-03-01T14:05:00.000Z', utc)).toBe('2:05 PM');
    expect(formatMessageTime('2025-03-01T09:30:00.000Z', utc)).toBe('9:30 AM');
    expect(formatMessageTime('2025-03-01T12:00:00.000Z', utc)).toBe('12:00 PM');
    expect(formatMessageTime('2025-03-01T00:07:00.000Z', utc)).toBe('12:07 AM');
  });

  it('joins date and time for the Messages tab', () => {
    expect(formatMessageSentAt('2025-03-01T14:05:00.000Z', utc)).toBe('03/01/2025 2:05 PM');
    expect(formatMessageSentAt('garbage', utc)).toBe('garbage');
  });
});

describe('formatPrice (docs/product.md §9: a dollar amount with cents)', () => {
  it('shows the product price as $15.00', () => {
    expect(formatPrice(PRICE_CENTS)).toBe('$15.00');
  });

  it('keeps the cents and groups thousands', () => {
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(123450)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
  });
});

describe('tablePagination (docs/product.md §9)', () => {
  it('paginates only above 10 rows, 10 per page, with the choices 10, 20, 50', () => {
    expect(tablePagination(0).paginator).toBe(false);
    expect(tablePagination(10).paginator).toBe(false);
    expect(tablePagination(11)).toEqual({ paginator: true, rows: 10, rowsPerPageOptions: [10, 20, 50] });
  });
});

describe('checkMasterUpload (docs/product.md §5: one CSV file of at most 1,000,000 bytes)', () => {
  it('accepts one CSV file up to the limit, whatever the case of the extension', () => {
    expect(checkMasterUpload([{ name: 'precision.csv', size: 2048 }])).toBeNull();
    expect(checkMasterUpload([{ name: 'PRECISION.CSV', size: MAX_UPLOAD_BYTES }])).toBeNull();
  });

  it('refuses a file of one byte more than the limit with the spec text', () => {
    const message = checkMasterUpload([{ name: 'huge.csv', size: MAX_UPLOAD_BYTES + 1 }]);
    expect(message).toBe(invalidFileSizeMessage('huge.csv', '1,000,000 bytes'));
    expect(message).toBe('huge.csv: Invalid file size, maximum upload size is 1,000,000 bytes');
  });

  it('refuses no file, two files and a file that is not CSV', () => {
    expect(checkMasterUpload([])).toBe(ONE_FILE_MESSAGE);
    expect(
      checkMasterUpload([
        { name: 'a.csv', size: 1 },
        { name: 'b.csv', size: 1 },
      ]),
    ).toBe(ONE_FILE_MESSAGE);
    expect(checkMasterUpload([{ name: 'template.xlsx', size: 10 }])).toBe(notCsvMessage('template.xlsx'));
  });
});

describe('toCsvFileName', () => {
  it('names the download after the template', () => {
    expect(toCsvFileName('Basic Precision')).toBe('Basic Precision.csv');
  });

  it('replaces characters file systems refuse and falls back to "template"', () => {
    expect(toCsvFileName('2/1 Game Forcing: "basic"')).toBe('2 1 Game Forcing basic.csv');
    expect(toCsvFileName('///')).toBe('template.csv');
    expect(toCsvFileName('Line\nbreak\ttab')).toBe('Line break tab.csv');
  });
});

describe('countText', () => {
  it('counts rows in words', () => {
    expect(countText(0, 'message')).toBe('No messages');
    expect(countText(1, 'message')).toBe('1 message');
    expect(countText(12, 'message')).toBe('12 messages');
  });
});

describe('toUploadProblem (docs/product.md §D6: errors name the line and column)', () => {
  it('lists the issues of a 400 answer with their line and column', () => {
    const problem = toUploadProblem(
      {
        status: 400,
        data: {
          status: 'fail',
          code: 'bad_request',
          message: 'precision.csv was not uploaded: Line 4, column 1: Unknown level "subjet" (and 1 more)',
          issues: [
            { line: 4, column: 1, message: 'Unknown level "subjet"' },
            { line: 9, message: 'A template needs 13 categories' },
          ],
        },
      },
      'precision.csv',
    );
    expect(problem).toEqual({
      message: 'precision.csv was not uploaded: 2 problems found. Nothing was changed; fix the file and upload it again.',
      issues: ['Line 4, column 1: Unknown level "subjet"', 'Line 9: A template needs 13 categories'],
    });
  });

  it('gives the size error of a 413 answer and no issues', () => {
    const text = invalidFileSizeMessage('huge.csv', '1,000,000 bytes');
    expect(toUploadProblem({ status: 413, data: { status: 'fail', code: 'too_large', message: text } }, 'huge.csv')).toEqual({ message: text, issues: [] });
  });

  it('turns a network failure into a sentence', () => {
    const problem = toUploadProblem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'a.csv');
    expect(problem.issues).toEqual([]);
    expect(problem.message).toMatch(/could not be reached/);
  });
});

describe('tableEmptyText (ADR 111)', () => {
  it('says the list is empty only when it loaded', () => {
    expect(tableEmptyText(undefined, 'No messages.', 'messages')).toBe('No messages.');
  });

  it('says why a list could not be loaded instead of calling it empty', () => {
    const forbidden = { status: 403, data: { status: 'fail', code: 'forbidden', message: 'Only an administrator may do this.' } };
    expect(tableEmptyText(forbidden, 'No messages.', 'messages')).toBe('The messages could not be loaded: Only an administrator may do this.');
  });
});
