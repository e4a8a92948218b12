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

/** The server's filters of the upload lists, enough for the page's requests. */
function matches(u: CsvUpload, params: URLSearchParams): boolean {
  const phase = params.get('phase');
  const running = u.status === 'QUEUED' || u.status === 'PROCESSING';
  const q = params.get('q')?.toLowerCase();
  return (
    (!params.get('courseId') || u.courseId === params.get('courseId')) &&
    (!params.get('status') || u.status === params.get('status')) &&
    (!phase || (phase === 'running') === running) &&
    (!params.get('uploadedBy') || u.uploadedBy?.fullname === 'Alan Turing') &&
    (!q || u.fileName.toLowerCase().includes(q))
  );
}

/**
 * Courses for the pickers and the three upload lists: the searchable history
 * (/admin/csv-uploads), the running uploads (/csv/uploads) and one course's (/csv/course).
 * Every list request is recorded.
 */
function serveCsv({ history = [] as CsvUpload[] } = {}) {
  const requests: URL[] = [];
  const list = (request: Request, items: CsvUpload[]) => {
    const url = new URL(request.url);
    requests.push(url);
    return ok(pageOfItems(items.filter((u) => matches(u, url.searchParams))));
  };
  server.use(
    http.get(api('/courses'), () => ok(pageOfItems([COURSE, OTHER_COURSE]))),
    http.get(api('/admin/csv-uploads'), ({ request }) => list(request, history)),
    http.get(api('/csv/uploads'), ({ request }) => list(request, history)),
    http.get(api('/csv/course/:courseId'), ({ request, params }) =>
      list(
        request,
        history.filter((u) => u.courseId === params.courseId),
      ),
    ),
  );
  return requests;
}

const historyRequests = (requests: URL[]) =>
  requests.filter((url) => url.pathname === '/api/v1/admin/csv-uploads');

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
    const requests = serveCsv();
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
      await screen.findByText('Enrollment complete: CS-401', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    // The toast says what the counts below say, in their words (and the bell's, issue 24).
    expect(
      screen.getByText('3 students added: 1 enrolled, 2 pending sign-in; 2 rows rejected.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(countOf('Rows read')).toBe('5');
    expect(countOf('Enrolled')).toBe('1');
    expect(countOf('Pending sign-in')).toBe('2');
    expect(countOf('Already enrolled')).toBe('0');
    expect(countOf('Reactivated')).toBe('0');
    expect(countOf('Rejected')).toBe('2');
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    const [, first, second] = within(rejected).getAllByRole('row');
    // Each rejected row with the cells the file had: what the download holds too.
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', 'not-an-email', 'Broken Row', 'S1003', 'Not a valid email address']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '6',
      'MAYA.CHEN@student.northfield.edu',
      'Maya Again',
      'S1001',
      'Duplicate of row 2',
    ]);
    expect(polls).toBe(3);
    // The history was refetched when the upload was accepted and again when it finished.
    await waitFor(() => expect(historyRequests(requests).length).toBeGreaterThanOrEqual(3));
  });

  it('follows the upload at once, without waiting for the lists to refresh', async () => {
    serveCsv();
    let uploaded = false;
    let releaseLists: () => void = () => undefined;
    const listsHeld = new Promise<void>((resolve) => (releaseLists = resolve));
    const slowList = async () => {
      // A server busy with the roster answers the lists late; these answer at the end.
      if (uploaded) await listsHeld;
      return ok(pageOfItems([]));
    };
    server.use(
      http.get(api('/admin/csv-uploads'), slowList),
      http.get(api('/csv/uploads'), slowList),
      http.get(api('/csv/course/:courseId'), slowList),
      http.post(api('/csv/upload'), () => {
        uploaded = true;
        return ok({ id: UPLOAD_ID, status: 'QUEUED' }, { status: 202 });
      }),
      http.get(api('/csv/status/:id'), () =>
        ok(createCsvUploadResult({ id: UPLOAD_ID, status: 'PROCESSING', progress: 30 })),
      ),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    await chooseCourseAndFile(user, csvFile());
    await screen.findByText('Detected columns');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    try {
      expect(
        await screen.findByRole('progressbar', { name: 'Processing roster.csv' }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30'),
      );
    } finally {
      releaseLists();
    }
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
    expect(text.split('\r\n')[0]).toBe('email,fullname,studentId,section');
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
          '\uFEFFrow,email,fullname,studentId,reason\r\n4,not-an-email,Broken Row,S1003,Not a valid email address\r\n',
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
    // Saved as the server wrote it, with a BOM so spreadsheets read it as UTF-8.
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await saved[0]!.blob.text()).toBe(
      'row,email,fullname,studentId,reason\r\n4,not-an-email,Broken Row,S1003,Not a valid email address\r\n',
    );
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
      '40 rows read. 37 students added: 30 enrolled, 6 pending sign-in, 1 reactivated; 2 already enrolled; 1 row rejected.',
    );
    expect(fall).toHaveTextContent('Alan Turing');
    expect(within(fall!).getByRole('time')).toHaveAttribute('datetime', history[0]!.createdAt);
    expect(within(db!).getByText('Failed')).toBeInTheDocument();
    expect(db).toHaveTextContent('Nothing applied');
    expect(db).toHaveTextContent('Removed user');
  });

  it('searches the organization-wide history by text, course, status and uploader', async () => {
    const requests = serveCsv({ history });
    const { user, router } = renderApp('/admin/csv', { user: admin });
    const table = await screen.findByRole('table', { name: 'Uploads' });
    expect(historyRequests(requests).at(-1)?.searchParams.toString()).toBe('page=1&limit=20');

    await user.type(screen.getByRole('textbox', { name: 'Search uploads' }), 'db-');
    await waitFor(() =>
      expect(historyRequests(requests).at(-1)?.searchParams.get('q')).toBe('db-'),
    );
    await waitFor(() =>
      expect(within(table).queryByText('fall-roster.csv')).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('db-roster.csv')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search uploads' }));
    await waitFor(() => expect(within(table).getByText('fall-roster.csv')).toBeInTheDocument());

    await user.click(screen.getByRole('textbox', { name: 'Filter by course' }));
    await user.click(await screen.findByRole('option', { name: /DB-210/ }));
    await waitFor(() =>
      expect(historyRequests(requests).at(-1)?.searchParams.get('courseId')).toBe(OTHER_COURSE.id),
    );
    await user.click(screen.getByRole('textbox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(screen.getByRole('switch', { name: 'Only my uploads' }));
    await waitFor(() =>
      expect(Object.fromEntries(historyRequests(requests).at(-1)!.searchParams)).toEqual({
        page: '1',
        limit: '20',
        courseId: OTHER_COURSE.id,
        status: 'FAILED',
        uploadedBy: 'me',
      }),
    );
    // db-roster.csv was uploaded by a removed user, not by me.
    expect(await screen.findByText('No upload matches these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({
      historyCourseId: OTHER_COURSE.id,
      historyStatus: 'FAILED',
      historyMine: true,
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
            errors: [
              {
                row: 12,
                email: 'x@',
                fullname: 'Xavier',
                studentId: 'S12',
                reason: 'Not a valid email address',
              },
            ],
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
    expect(await within(drawer).findByText('Enrolled')).toBeInTheDocument();
    expect(within(drawer).getByRole('table', { name: 'Rejected rows' })).toHaveTextContent(
      '12x@XavierS12Not a valid email address',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Close upload result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toEqual({});
  });

  it("shows the chosen course's latest uploads under the picker, each opening its result", async () => {
    const requests = serveCsv({ history });
    server.use(
      http.get(api('/csv/status/:id'), ({ params }) =>
        ok(createCsvUploadResult({ ...history[0]!, id: String(params.id) })),
      ),
    );
    const { user, router } = renderApp(`/admin/csv?courseId=${COURSE.id}`, { user: admin });
    const recent = await screen.findByRole('list', { name: 'Earlier uploads to this course' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(1);
    expect(recent).toHaveTextContent('Completed');
    expect(recent).toHaveTextContent('fall-roster.csv');
    expect(recent).toHaveTextContent('40 rows read. 37 students added: 30 enrolled');
    expect(recent).not.toHaveTextContent('db-roster.csv');
    const request = requests.find((url) => url.pathname === `/api/v1/csv/course/${COURSE.id}`);
    expect(request?.searchParams.get('limit')).toBe('3');

    await user.click(within(recent).getByRole('button', { name: /^Open result of fall-roster/ }));
    expect(await screen.findByRole('dialog', { name: 'Upload result' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ courseId: COURSE.id, uploadId: UPLOAD_ID });
  });

  it('says when the chosen course has had no upload yet', async () => {
    serveCsv({ history: [history[1]!] });
    renderApp(`/admin/csv?courseId=${COURSE.id}`, { user: admin });
    expect(
      await screen.findByText('No roster has been uploaded to this course yet.'),
    ).toBeInTheDocument();
  });

  it('lists the rosters still processing and follows one to its result', async () => {
    const running = createCsvUpload({
      courseId: COURSE.id,
      fileName: 'big-roster.csv',
      status: 'PROCESSING',
      progress: 40,
      finishedAt: null,
    });
    const requests = serveCsv({ history: [running, ...history] });
    let polls = 0;
    server.use(
      http.get(api('/csv/status/:id'), () => {
        polls += 1;
        return polls === 1
          ? ok(createCsvUploadResult({ ...running, progress: 60, errors: [] }))
          : ok(createCsvUploadResult({ ...running, status: 'COMPLETED', progress: 100 }));
      }),
    );
    const { user } = renderApp('/admin/csv', { user: admin });
    const list = await screen.findByRole('list', { name: 'Still processing' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('big-roster.csv');
    expect(list).toHaveTextContent('Processing 40%');
    const request = requests.find((url) => url.pathname === '/api/v1/csv/uploads');
    expect(request?.searchParams.get('phase')).toBe('running');

    await user.click(within(list).getByRole('button', { name: 'Follow big-roster.csv (CS-401)' }));
    expect(await screen.findByRole('heading', { name: 'Upload result' })).toHaveFocus();
    expect(
      await screen.findByRole('progressbar', { name: 'Processing big-roster.csv' }),
    ).toHaveAttribute('aria-valuenow', '60');
    // Its end is announced, as for an upload made on this visit.
    expect(
      await screen.findByText(/^Enrollment complete: /, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(countOf('Rows read')).toBe('5');
  });

  it('shows no running list when nothing is processing', async () => {
    const requests = serveCsv({ history });
    renderApp('/admin/csv', { user: admin });
    await screen.findByRole('table', { name: 'Uploads' });
    await waitFor(() =>
      expect(requests.some((url) => url.pathname === '/api/v1/csv/uploads')).toBe(true),
    );
    expect(screen.queryByText('Still processing')).not.toBeInTheDocument();
  });

  it('lists rejected rows and uploads as cards on a phone', async () => {
    serveCsv({ history });
    server.use(
      http.get(api('/csv/status/:id'), () => ok(createCsvUploadResult({ id: UPLOAD_ID }))),
    );
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      renderApp(`/admin/csv?uploadId=${UPLOAD_ID}`, { user: admin });
      const drawer = await screen.findByRole('dialog', { name: 'Upload result' });
      const rejected = await within(drawer).findByRole('list', { name: 'Rejected rows' });
      expect(
        within(rejected)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Row 4: Not a valid email addressnot-an-emailBroken Row · S1003',
        'Row 6: Duplicate of row 2MAYA.CHEN@student.northfield.eduMaya Again · S1001',
      ]);
      expect(within(drawer).queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Uploads' })).toHaveTextContent(
        '40 rows read. 37 students added: 30 enrolled, 6 pending sign-in',
      );
    } finally {
      window.innerWidth = width;
    }
  });

  it('explains an empty history', async () => {
    serveCsv();
    renderApp('/admin/csv', { user: admin });
    expect(await screen.findByText(/No rosters uploaded yet/)).toBeInTheDocument();
  });

  it('shows an error state when the history cannot be loaded', async () => {
    serveCsv();
    server.use(
      http.get(api('/admin/csv-uploads'), () =>
        fail(500, 'Database unavailable', 'INTERNAL_ERROR'),
      ),
    );
    renderApp('/admin/csv', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the upload history');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});
