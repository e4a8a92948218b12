import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CsvUpload } from '@teamup/shared';
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { createCourse, pageOfItems } from '@/testing/courses-data';
import { createCsvUpload, createCsvUploadResult } from '@/testing/csv-data';
import { api, fail, ok } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const admin = { role: 'ORG_ADMIN' as const };
const COURSE = createCourse({ id: '20000000-0000-4000-8000-000000000001', code: 'CS-401' });
const OTHER_COURSE = createCourse({
  id: '20000000-0000-4000-8000-000000000002',
  code: 'DB-210',
  title: 'Databases',
  organizationName: 'Riverside College',
});
const UPLOAD_ID = '30000000-0000-4000-8000-000000000001';
const COURSE_LABEL = 'CS-401 — Software Engineering Project (Northfield University)';

const ROSTER = [
  'email,fullname,studentId,notes',
  'maya.chen@student.northfield.edu,Maya Chen,S1001,returning',
  'lena.park@student.northfield.edu,Lena Park,S1002,',
  'not-an-email,Broken Row,S1003,typo',
  'omar.haddad@student.northfield.edu,"Haddad, Omar",S1004,',
  'MAYA.CHEN@student.northfield.edu,Maya Again,S1001,duplicate',
].join('\n');

const csvFile = (text = ROSTER, name = 'roster.csv', type = 'text/csv') =>
  new File([text], name, { type });

/** Courses for the pickers and an upload history that records its requests. */
function serveCsv({ history = [] as CsvUpload[] } = {}) {
  const requests: URL[] = [];
  server.use(
    http.get(api('/courses'), () => ok(pageOfItems([COURSE, OTHER_COURSE]))),
    http.get(api('/csv/uploads'), ({ request }) => {
      requests.push(new URL(request.url));
      return ok(pageOfItems(history));
    }),
    http.get(api('/csv/course/:courseId'), ({ request, params }) => {
      requests.push(new URL(request.url));
      return ok(pageOfItems(history.filter((u) => u.courseId === params.courseId)));
    }),
  );
  return requests;
}

/** The number shown under a summary label (a <dt>/<dd> pair). */
function countOf(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function chooseCourseAndFile(
  user: ReturnType<typeof userEvent.setup>,
  file: File,
  { pickCourse = true } = {},
) {
  if (pickCourse) {
    await user.click(await screen.findByRole('textbox', { name: /^Course/ }));
    await user.click(await screen.findByRole('option', { name: COURSE_LABEL }));
  }
  await user.upload(screen.getByLabelText('Roster file (CSV)'), file);
}

describe('enroll students: preview and upload', () => {
  it('previews the file, uploads it, shows progress and then the summary', async () => {
    const historyRequests = serveCsv();
    let form: FormData | undefined;
    let polls = 0;
    const queued = createCsvUploadResult({
      id: UPLOAD_ID,
      courseId: COURSE.id,
      status: 'QUEUED',
      progress: 0,
      counts: {
        rowsRead: 0,
        created: 0,
        pending: 0,
        alreadyEnrolled: 0,
        reactivated: 0,
        rejected: 0,
      },
      errors: [],
      finishedAt: null,
    });
    server.use(
      http.post(api('/csv/upload'), async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json(
          {
            success: true,
            data: { id: UPLOAD_ID, status: 'QUEUED' },
            message: 'roster.csv is queued: 5 rows',
          },
          { status: 202 },
        );
      }),
      http.get(api('/csv/status/:id'), () => {
        polls += 1;
        if (polls === 1) return ok(queued);
        if (polls === 2) return ok({ ...queued, status: 'PROCESSING', progress: 60 });
        return ok(
          createCsvUploadResult({
            id: UPLOAD_ID,
            courseId: COURSE.id,
            counts: {
              rowsRead: 5,
              created: 1,
              pending: 2,
              alreadyEnrolled: 0,
              reactivated: 0,
              rejected: 2,
            },
          }),
        );
      }),
    );
    const append = vi.spyOn(FormData.prototype, 'append');
    const { user } = renderApp(`/admin/csv?courseId=${COURSE.id}`, { user: admin });

    // The course comes preselected from ?courseId=.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Course/ })).toHaveValue(COURSE_LABEL),
    );
    await chooseCourseAndFile(user, csvFile(), { pickCourse: false });

    const preview = await screen.findByRole('region', { name: 'Preview of the chosen file' });
    expect(within(preview).getByText('5 student rows', { exact: false })).toBeInTheDocument();
    const columns = within(preview).getByRole('list', { name: 'Detected columns' });
    expect(
      within(columns)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['email→Email', 'fullname→Full name', 'studentId→Student ID', 'notes→Ignored']);
    expect(within(preview).getByText('2 rows will be rejected')).toBeInTheDocument();
    expect(
      within(preview).getByText('Row 4 (not-an-email): Not a valid email address'),
    ).toBeInTheDocument();
    const firstRows = within(preview).getByRole('table', { name: 'First rows of roster.csv' });
    const [, row2, , row4] = within(firstRows).getAllByRole('row');
    expect(within(row2!).getByText('OK')).toBeInTheDocument();
    expect(within(row4!).getByText('Not a valid email address')).toBeInTheDocument();
    expect(within(firstRows).getByText('Haddad, Omar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('roster.csv is queued: 5 rows')).toBeInTheDocument();
    expect(form?.get('courseId')).toBe(COURSE.id);
    expect(form?.has('file')).toBe(true);
    // jsdom's File loses its name and bytes on the way through Node's FormData encoder, so the
    // part is checked where the page builds the form (the browser check covers the wire).
    const filePart = append.mock.calls.find(([name]) => name === 'file');
    expect(filePart?.[2]).toBe('roster.csv');
    expect(await (filePart?.[1] as File).text()).toBe(ROSTER);

    const bar = await screen.findByRole('progressbar', { name: 'Processing roster.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(
      () =>
        expect(screen.getByRole('progressbar', { name: 'Processing roster.csv' })).toHaveAttribute(
          'aria-valuenow',
          '60',
        ),
      { timeout: 4000 },
    );

    expect(
      await screen.findByText('Enrollment complete', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('CS-401: 1 enrolled, 2 pending (no account yet), 2 rejected.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(countOf('Rows read')).toBe('5');
    expect(countOf('Enrollments created')).toBe('1');
    expect(countOf('Pending')).toBe('2');
    expect(countOf('Already enrolled')).toBe('0');
    expect(countOf('Reactivated')).toBe('0');
    expect(countOf('Rejected')).toBe('2');
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    const [, first, second] = within(rejected).getAllByRole('row');
    expect(first).toHaveTextContent('4not-an-emailNot a valid email address');
    expect(second).toHaveTextContent('6MAYA.CHEN@student.northfield.eduDuplicate of row 2');
    expect(polls).toBe(3);
    // The history was refetched when the upload was accepted and again when it finished.
    await waitFor(() => expect(historyRequests.length).toBeGreaterThanOrEqual(3));
  });

  it('shows why the server refused a file and keeps nothing', async () => {
    serveCsv();
    server.use(
      http.post(api('/csv/upload'), () =>
        fail(400, 'The file is not valid CSV (line 3): Invalid Closing Quote', 'CSV_INVALID'),
      ),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    await chooseCourseAndFile(user, csvFile());
    await screen.findByText('Detected columns');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Upload refused')).toBeInTheDocument();
    expect(
      screen.getByText('roster.csv: The file is not valid CSV (line 3): Invalid Closing Quote'),
    ).toBeInTheDocument();
    const refused = screen.getByText('The server refused this file').closest('[role="alert"]')!;
    expect(refused).toHaveTextContent('The file is not valid CSV (line 3): Invalid Closing Quote');
    expect(refused).toHaveTextContent('Nothing was stored.');
    // The preview stays, so the user can see the file they sent.
    expect(screen.getByText('Detected columns')).toBeInTheDocument();
  });

  it('shows the 413 message of a file that is too large for the server', async () => {
    serveCsv();
    server.use(
      http.post(api('/csv/upload'), () =>
        fail(
          413,
          'The file is larger than 5 MB. Split the roster into smaller files.',
          'PAYLOAD_TOO_LARGE',
        ),
      ),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    await chooseCourseAndFile(user, csvFile());
    await screen.findByText('Detected columns');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(
        'roster.csv: The file is larger than 5 MB. Split the roster into smaller files.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps Upload disabled with the reason while something blocks it', async () => {
    serveCsv();
    let posts = 0;
    server.use(
      http.post(api('/csv/upload'), () => {
        posts += 1;
        return ok({ id: UPLOAD_ID, status: 'QUEUED' }, { status: 202 });
      }),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    const upload = await screen.findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAccessibleDescription('Choose a course first.');

    await chooseCourseAndFile(user, csvFile('name,studentId\nMaya Chen,S1\n'));
    expect(
      await screen.findByText('This file cannot be uploaded', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAccessibleDescription(
      /The file has no email column/,
    );

    await user.click(screen.getByRole('button', { name: 'Remove roster.csv' }));
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAccessibleDescription(
      'Choose a CSV file.',
    );
    expect(posts).toBe(0);
  });

  it('explains a file of another type instead of ignoring it', async () => {
    serveCsv();
    const { router } = renderApp('/admin/csv', { user: admin });
    // The dialog's own filter is bypassed, as a drag and drop would be.
    const user = userEvent.setup({ applyAccept: false });
    await chooseCourseAndFile(
      user,
      csvFile(
        'PK',
        'roster.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    );
    const problems = await screen.findByRole('alert');
    expect(problems).toHaveTextContent('This file cannot be uploaded');
    expect(problems).toHaveTextContent('“roster.xlsx” is not a CSV file.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAccessibleDescription(
      /“roster.xlsx” is not a CSV file/,
    );
    expect(router.state.location.search).toEqual({ courseId: COURSE.id });
  });

  it('says that a failed upload applied nothing', async () => {
    serveCsv();
    server.use(
      http.post(api('/csv/upload'), () => ok({ id: UPLOAD_ID, status: 'QUEUED' }, { status: 202 })),
      http.get(api('/csv/status/:id'), () =>
        ok(
          createCsvUploadResult({
            id: UPLOAD_ID,
            status: 'FAILED',
            progress: 40,
            errors: [],
            failureMessage: 'CS-401 was archived while the roster was processed.',
          }),
        ),
      ),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    await chooseCourseAndFile(user, csvFile());
    await screen.findByText('Detected columns');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Upload failed', {}, { timeout: 3000 })).toBeInTheDocument();
    const alert = screen.getByText('Nothing was applied').closest('[role="alert"]')!;
    expect(alert).toHaveTextContent('CS-401 was archived while the roster was processed.');
    expect(alert).toHaveTextContent('No enrollment was created or changed');
    expect(screen.queryByText('Rows read')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload another roster' }));
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });

  it('offers to create a course when there is none to enroll into', async () => {
    serveCsv();
    server.use(http.get(api('/courses'), () => ok(pageOfItems([]))));
    renderApp('/admin/csv', { user: admin });
    expect(await screen.findByRole('link', { name: 'Create a course' })).toHaveAttribute(
      'href',
      '/admin/courses/create',
    );
  });
});

describe('enroll students: files to download', () => {
  function captureDownloads() {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    return saved;
  }

  it('generates the template in the browser', async () => {
    serveCsv();
    const saved = captureDownloads();
    const { user } = renderApp('/admin/csv', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Download template' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('roster-template.csv');
    const text = await saved[0]!.blob.text();
    expect(text.split('\r\n')[0]).toBe('email,fullname,studentId');
    expect(text.trim().split('\r\n')).toHaveLength(3);
    // The explanation lists the accepted header names from the shared contract.
    expect(screen.getByText('“e-mail”, “email address”')).toBeInTheDocument();
  });

  it('downloads the rejected rows with the session token', async () => {
    serveCsv();
    const saved = captureDownloads();
    let authorization: string | null = null;
    server.use(
      http.get(api('/csv/status/:id'), () => ok(createCsvUploadResult({ id: UPLOAD_ID }))),
      http.get(api('/csv/status/:id/errors.csv'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(
          '\uFEFFrow,email,reason\r\n4,not-an-email,Not a valid email address\r\n',
          {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="roster-rejected-rows.csv"; filename*=UTF-8''roster-rejected-rows.csv`,
            },
          },
        );
      }),
    );
    const { user, sessionUser } = renderApp(`/admin/csv?uploadId=${UPLOAD_ID}`, { user: admin });
    const drawer = await screen.findByRole('dialog', { name: 'Upload result' });
    await user.click(await within(drawer).findByRole('button', { name: 'Download rejected rows' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(authorization).toBe(`Bearer ${sessionUser!.token}`);
    expect(saved[0]!.name).toBe('roster-rejected-rows.csv');
    expect(await saved[0]!.blob.text()).toContain('4,not-an-email,Not a valid email address');
  });

  it('says why the rejected rows could not be downloaded', async () => {
    serveCsv();
    captureDownloads();
    server.use(
      http.get(api('/csv/status/:id'), () => ok(createCsvUploadResult({ id: UPLOAD_ID }))),
      http.get(api('/csv/status/:id/errors.csv'), () => fail(404, 'Upload not found', 'NOT_FOUND')),
    );
    const { user } = renderApp(`/admin/csv?uploadId=${UPLOAD_ID}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Download rejected rows' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText('Upload not found')).toBeInTheDocument();
  });
});

describe('enroll students: upload history', () => {
  const history = [
    createCsvUpload({
      id: UPLOAD_ID,
      courseId: COURSE.id,
      fileName: 'fall-roster.csv',
      counts: {
        rowsRead: 40,
        created: 30,
        pending: 6,
        alreadyEnrolled: 2,
        reactivated: 1,
        rejected: 1,
      },
    }),
    createCsvUpload({
      courseId: OTHER_COURSE.id,
      courseCode: 'DB-210',
      organizationName: 'Riverside College',
      fileName: 'db-roster.csv',
      status: 'FAILED',
      failureMessage: 'Processing failed three times.',
      uploadedBy: null,
    }),
  ];

  it('lists uploads with course, status, counts, uploader and time', async () => {
    serveCsv({ history });
    renderApp('/admin/csv', { user: admin });
    const table = await screen.findByRole('table', { name: 'Uploads' });
    const [, fall, db] = within(table).getAllByRole('row');
    expect(fall).toHaveTextContent('fall-roster.csv');
    expect(fall).toHaveTextContent('CS-401');
    expect(within(fall!).getByText('Completed')).toBeInTheDocument();
    expect(fall).toHaveTextContent(
      '40 read · 30 created · 6 pending · 2 already enrolled · 1 reactivated · 1 rejected',
    );
    expect(fall).toHaveTextContent('Alan Turing');
    expect(within(fall!).getByRole('time')).toHaveAttribute('datetime', history[0]!.createdAt);
    expect(within(db!).getByText('Failed')).toBeInTheDocument();
    expect(db).toHaveTextContent('Nothing applied');
    expect(db).toHaveTextContent('Removed user');
  });

  it('filters by course through the course endpoint, and by status', async () => {
    const requests = serveCsv({ history });
    const { user, router } = renderApp('/admin/csv', { user: admin });
    await screen.findByRole('table', { name: 'Uploads' });

    await user.click(screen.getByRole('textbox', { name: 'Filter by course' }));
    await user.click(await screen.findByRole('option', { name: /DB-210/ }));
    await waitFor(() =>
      expect(requests.at(-1)?.pathname).toBe(`/api/v1/csv/course/${OTHER_COURSE.id}`),
    );
    expect(await screen.findByText('db-roster.csv')).toBeInTheDocument();
    expect(screen.queryByText('fall-roster.csv')).not.toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('status')).toBe('FAILED'));
    expect(router.state.location.search).toEqual({
      historyCourseId: OTHER_COURSE.id,
      historyStatus: 'FAILED',
    });
  });

  it('opens a result from the list in a drawer named in the URL', async () => {
    serveCsv({ history });
    server.use(
      http.get(api('/csv/status/:id'), ({ params }) =>
        ok(
          createCsvUploadResult({
            ...history[0]!,
            id: String(params.id),
            errors: [{ row: 12, email: 'x@', reason: 'Not a valid email address' }],
          }),
        ),
      ),
    );
    const { user, router } = renderApp('/admin/csv', { user: admin });
    await user.click(
      await screen.findByRole('button', { name: /^Open result of fall-roster.csv/ }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Upload result' });
    expect(router.state.location.search).toEqual({ uploadId: UPLOAD_ID });
    expect(await within(drawer).findByText('Enrollments created')).toBeInTheDocument();
    expect(within(drawer).getByRole('table', { name: 'Rejected rows' })).toHaveTextContent(
      '12x@Not a valid email address',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Close upload result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toEqual({});
  });

  it('explains an empty history', async () => {
    serveCsv();
    renderApp('/admin/csv', { user: admin });
    expect(await screen.findByText(/No rosters uploaded yet/)).toBeInTheDocument();
  });

  it('shows an error state when the history cannot be loaded', async () => {
    serveCsv();
    server.use(
      http.get(api('/csv/uploads'), () => fail(500, 'Database unavailable', 'INTERNAL_ERROR')),
    );
    renderApp('/admin/csv', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the upload history');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
