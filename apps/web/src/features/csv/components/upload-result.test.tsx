import { screen, waitFor, within } from '@testing-library/react';
import type { CsvRowError } from '@teamup/shared';
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { createCsvUploadResult } from '@/testing/csv-data';
import { api } from '@/testing/handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { UploadResult } from './upload-result';

const UPLOAD_ID = '30000000-0000-4000-8000-000000000009';

const rejectedRows = (n: number): CsvRowError[] =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    email: `not-an-email-${i}`,
    fullname: `Student ${i}`,
    studentId: `S${i}`,
    reason: 'Not a valid email address',
  }));

/** What the server sends for 20,000 rejected rows: the first 100 and the total (decision 083). */
const bigUpload = () =>
  createCsvUploadResult({
    id: UPLOAD_ID,
    fileName: 'all-bad.csv',
    counts: {
      rowsRead: 20_000,
      created: 0,
      pending: 0,
      alreadyEnrolled: 0,
      reactivated: 0,
      rejected: 20_000,
    },
    errors: rejectedRows(100),
    errorsTotal: 20_000,
  });

describe('rejected rows of an upload', () => {
  it('says when only the first rows are shown, and downloads the full report from there', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let downloads = 0;
    server.use(
      http.get(api('/csv/status/:id/errors.csv'), () => {
        downloads++;
        return new HttpResponse('\uFEFFrow,email,fullname,studentId,reason\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const { user } = renderWithProviders(<UploadResult upload={bigUpload()} />);

    expect(screen.getByRole('heading', { name: 'Rejected rows (20,000)' })).toBeInTheDocument();
    const note = screen.getByText(/^Showing the first 100 of 20,000 rejected rows/);
    expect(note).toHaveTextContent(
      'Showing the first 100 of 20,000 rejected rows — download the full report',
    );
    // The table pages through the rows it has, and says they are only the first ones.
    expect(screen.getByText('Rows 1–20 of the first 100 shown')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rejected rows' })).toHaveTextContent(
      '2not-an-email-0Student 0S0Not a valid email address',
    );

    await user.click(within(note).getByRole('button', { name: 'download the full report' }));
    await waitFor(() => expect(saved).toEqual(['all-bad-rejected-rows.csv']));
    expect(downloads).toBe(1);
  });

  it('says nothing of the kind when every rejected row is there', () => {
    renderWithProviders(
      <UploadResult upload={createCsvUploadResult({ id: UPLOAD_ID, errors: rejectedRows(2) })} />,
    );
    expect(screen.getByRole('heading', { name: 'Rejected rows (2)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing the first/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rejected rows' })).toBeInTheDocument();
  });

  it('counts all rows in the pager when they are all there', () => {
    const errors = rejectedRows(45);
    renderWithProviders(
      <UploadResult
        upload={createCsvUploadResult({
          id: UPLOAD_ID,
          counts: { ...createCsvUploadResult().counts, rejected: 45 },
          errors,
        })}
      />,
    );
    expect(screen.getByText('Rows 1–20 of 45 rejected')).toBeInTheDocument();
  });
});
