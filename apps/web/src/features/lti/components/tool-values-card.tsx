import { Code, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LtiToolConfig } from '@teamup/shared';
import { ErrorAlert, InlineLoader } from '@/components/ui/query-state';
import { useLtiToolConfig } from '../api/get-lti-tool-config';
import { formatDate } from '../utils/format-time';
import { CopyIcon, CopyValue } from './copy-value';

/** The Canvas JSON as people read it: indented (the server's text when it is not JSON). */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ToolValues({ config }: { config: LtiToolConfig }) {
  const extraRedirects = config.redirectUris.filter((uri) => uri !== config.launchUrl);
  const canvasJson = prettyJson(config.canvasJson);
  return (
    <Stack gap="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Dynamic registration (Moodle 4, Canvas)
        </Title>
        <CopyValue
          label="Registration URL"
          value={config.registrationUrl}
          description={
            <>
              Paste it into the LMS as the tool URL: the LMS and Teamup exchange everything else,
              and the LMS is registered for this organization. It works until{' '}
              {formatDate(config.registrationExpiresAt)}; open this page again for a new one.
            </>
          }
        />
      </Stack>

      <Divider label="or enter the values by hand" labelPosition="center" />

      <Stack gap="sm">
        <CopyValue
          label="Login URL"
          value={config.loginUrl}
          description="Also called the OpenID Connect login or initiation URL. This shared one finds the platform by the client ID the LMS sends; once the platform is registered, its own login URL (under Registered platforms) works whether the LMS sends one or not."
        />
        <CopyValue
          label={extraRedirects.length === 0 ? 'Redirect URI and launch URL' : 'Launch URL'}
          value={config.launchUrl}
          description="The target link URI, and the redirect URI the LMS sends launches to."
        />
        {extraRedirects.map((uri) => (
          <CopyValue key={uri} label="Redirect URI" value={uri} />
        ))}
        <CopyValue
          label="Public keyset URL"
          value={config.jwksUrl}
          description="Teamup's public keys (JWKS), with which the LMS checks Teamup's requests."
        />
        <CopyValue label="Domain" value={config.domain} />
      </Stack>

      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="md">
              Canvas developer key (JSON)
            </Title>
            <Text size="xs" c="dimmed">
              In Canvas: Admin → Developer Keys → + Developer Key → + LTI Key, method “Paste JSON”.
            </Text>
          </Stack>
          <CopyIcon value={config.canvasJson} label="Canvas developer key JSON" />
        </Group>
        {/* Scrolls by itself (both ways) and takes focus, so it scrolls by keyboard too. */}
        <Code
          block
          fz="xs"
          tabIndex={0}
          role="region"
          aria-label="Canvas developer key JSON"
          mah={260}
          style={{ overflow: 'auto' }}
        >
          {canvasJson}
        </Code>
      </Stack>
    </Stack>
  );
}

/** What an LMS administrator pastes into the LMS, for one organization (issue 28). */
export function ToolValuesCard({ organizationId }: { organizationId: string }) {
  const config = useLtiToolConfig(organizationId);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-tool-values-heading"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="lti-tool-values-heading">
            Values for your LMS
          </Title>
          <Text size="sm" c="dimmed">
            What an LMS administrator enters when adding Teamup as an LTI 1.3 tool.
          </Text>
        </Stack>
        {config.isPending ? (
          <InlineLoader label="Loading the values for your LMS" />
        ) : config.isError ? (
          <ErrorAlert
            title="Could not load the values for your LMS"
            error={config.error}
            onRetry={() => void config.refetch()}
          />
        ) : (
          <ToolValues config={config.data} />
        )}
      </Stack>
    </Paper>
  );
}
