import { Link, useParams } from 'react-router';
import { ArrowLeft, Mail } from 'lucide-react';
import { legalMessages } from '@shared/messages/legal';
import { mapMessages } from '@shared/messages/map';
import { shellMessages } from '@shared/messages/shell';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import { LogoHeader } from '@web/app/shell/logo-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePublicSettings } from '@web/lib/public-settings';

type LegalDocument = 'privacy' | 'terms' | 'support';

const TITLES: Record<LegalDocument, string> = {
  privacy: legalMessages.privacyTitle,
  terms: legalMessages.termsTitle,
  support: legalMessages.supportTitle,
};

const isLegalDocument = (value: string | undefined): value is LegalDocument =>
  value === 'privacy' || value === 'terms' || value === 'support';

/** Plain text from system_settings as paragraphs; never interpreted as HTML. */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed">
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
    </div>
  );
}

function SupportBody({ settings }: { settings: PublicSettingsDto }) {
  return (
    <div className="space-y-4">
      <p>{settings.contact_email ? legalMessages.supportText : legalMessages.supportNoEmail}</p>
      {settings.contact_email ? (
        <p>
          <a
            href={`mailto:${settings.contact_email}`}
            className="inline-flex items-center gap-2 font-medium text-info underline underline-offset-4"
          >
            <Mail aria-hidden="true" className="size-4" />
            {settings.contact_email}
          </a>
        </p>
      ) : null}
      <p className="text-muted-foreground">{settings.footer_text}</p>
    </div>
  );
}

/** /legal/privacy, /legal/terms and /legal/support: texts from system_settings (with defaults). */
export default function LegalPage() {
  const { document } = useParams();
  const { data: settings, isPending, isError, refetch } = usePublicSettings();
  const known = isLegalDocument(document);

  return (
    <div className="flex min-h-screen flex-col">
      <LogoHeader width="max-w-3xl" />
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-10">
        <Link
          to="/"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {legalMessages.backHome}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">
          {known ? TITLES[document] : shellMessages.notFound}
        </h1>
        {!known ? null : isPending ? (
          <Spinner label={shellMessages.loading} showLabel />
        ) : isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {legalMessages.loadFailed}
              <Button type="button" size="sm" variant="outline" onClick={() => void refetch()}>
                {mapMessages.retry}
              </Button>
            </AlertDescription>
          </Alert>
        ) : document === 'support' ? (
          <SupportBody settings={settings} />
        ) : (
          <Paragraphs text={document === 'terms' ? settings.tos_content : settings.privacy_policy_content} />
        )}
      </main>
    </div>
  );
}
