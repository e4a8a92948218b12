import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  emailDomainSchema,
  ORGANIZATION_DOMAINS_MAX,
  type OrganizationDetail,
} from '@teamup/shared';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { EmptyState } from '@/components/ui/query-state';
import { splitApiError } from '@/lib/form-errors';
import { useUpdateOrganizationDomains } from '../api/update-organization-domains';
import { notifyFailure, notifySuccess } from '../notifications';
import { DOMAINS_EXPLAINED } from './organization-domains-view';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

function savedMessage(name: string, domains: readonly string[]): string {
  return domains.length === 0
    ? `${name} has no email domains: every LMS launch gets a separate LMS-only account.`
    : `${name}'s LMS platforms vouch for emails in ${domains.join(', ')}.`;
}

/**
 * The email domains an organization owns (issue 34), edited by a superadmin: the list is built
 * here and saved whole, so what the server holds is exactly what the card showed.
 */
export function OrganizationDomainsCard({ organization }: { organization: OrganizationDetail }) {
  const save = useUpdateOrganizationDomains();
  const [draft, setDraft] = useState<string[]>(organization.domains);
  const [saved, setSaved] = useState<string[]>(organization.domains);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A double click reaches the handler twice before the pending state renders: one save only.
  const saving = useRef(false);
  const [pending, setPending] = useState(false);
  const deleted = organization.deletedAt !== null;
  const dirty = !sameList(draft, saved);

  const clearServerErrors = () => {
    setFieldErrors({});
    setFormError(null);
  };

  const add = () => {
    const parsed = emailDomainSchema.safeParse(input);
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? 'Enter a domain such as northfield.edu');
      return;
    }
    if (draft.includes(parsed.data)) {
      setInputError(`${parsed.data} is in the list already`);
      return;
    }
    if (draft.length >= ORGANIZATION_DOMAINS_MAX) {
      setInputError(`At most ${ORGANIZATION_DOMAINS_MAX} domains`);
      return;
    }
    setDraft([...draft, parsed.data]);
    setInput('');
    setInputError(null);
    clearServerErrors();
  };

  const remove = (domain: string) => {
    setDraft(draft.filter((d) => d !== domain));
    // The server's errors point at positions that no longer hold the same domains.
    clearServerErrors();
  };

  const submit = () => {
    if (saving.current) return;
    saving.current = true;
    setPending(true);
    clearServerErrors();
    save.mutate(
      { organizationId: organization.id, body: { domains: draft } },
      {
        onSuccess: ({ domains }) => {
          setDraft(domains);
          setSaved(domains);
          notifySuccess('Email domains saved', savedMessage(organization.name, domains));
        },
        onError: (error) => {
          notifyFailure('Could not save the email domains', error);
          const split = splitApiError(error, ['domains'], { DOMAIN_TAKEN: 'domains' });
          setFieldErrors(split.fieldErrors);
          setFormError(split.formError);
        },
        onSettled: () => {
          saving.current = false;
          setPending(false);
        },
      },
    );
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const listError = fieldErrors.domains ?? formError;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="organization-domains-heading"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="xl" id="organization-domains-heading">
            Email domains
          </Title>
          <Text size="sm" c="dimmed">
            {DOMAINS_EXPLAINED}
          </Text>
        </Stack>

        {draft.length === 0 ? (
          <EmptyState>No domains yet.</EmptyState>
        ) : (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Domains"
          >
            {draft.map((domain, index) => {
              const error = fieldErrors[`domains.${index}`];
              const errorId = `organization-domain-error-${index}`;
              return (
                <li key={domain}>
                  <Group justify="space-between" gap="sm" wrap="nowrap" py={4}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {domain}
                    </Text>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Remove ${domain}`}
                      aria-describedby={error ? errorId : undefined}
                      disabled={deleted || pending}
                      onClick={() => remove(domain)}
                      style={{ flexShrink: 0 }}
                    >
                      Remove
                    </Button>
                  </Group>
                  {error && (
                    <Text size="sm" c="red.9" id={errorId} role="alert">
                      {error}
                    </Text>
                  )}
                </li>
              );
            })}
          </Stack>
        )}

        {listError && (
          <Alert
            color="red.9"
            variant="outline"
            title="Could not save the email domains"
            role="alert"
          >
            {listError}
          </Alert>
        )}

        <TextInput
          label="Add a domain"
          placeholder="northfield.edu"
          description="A subdomain is its own entry: northfield.edu does not cover cs.northfield.edu."
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          autoComplete="off"
          spellCheck={false}
          value={input}
          error={inputError}
          disabled={deleted || pending}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setInputError(null);
          }}
          onKeyDown={onInputKey}
          rightSectionWidth={84}
          rightSectionPointerEvents="all"
          rightSection={
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={deleted || pending}
              onClick={add}
            >
              Add
            </Button>
          }
        />

        <Group gap="sm">
          <Button onClick={submit} loading={pending} disabled={deleted || !dirty}>
            Save domains
          </Button>
          {dirty && !pending && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
