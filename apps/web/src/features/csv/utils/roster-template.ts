/** The header every roster can start from, in the order the explanation lists the columns. */
export const TEMPLATE_HEADER = ['email', 'fullname', 'studentId', 'section'] as const;

export const TEMPLATE_FILE_NAME = 'roster-template.csv';

const EXAMPLE_ROWS = [
  ['maya.chen@student.example.edu', 'Maya Chen', 'S1024', 'A'],
  ['omar.haddad@student.example.edu', 'Omar Haddad', 'S1025', 'B'],
];

/** A small roster that uploads as it is: the header and two example students. */
export function rosterTemplateCsv(): string {
  return [TEMPLATE_HEADER, ...EXAMPLE_ROWS].map((row) => row.join(',')).join('\r\n') + '\r\n';
}
