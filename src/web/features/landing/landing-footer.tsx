import { Link } from 'react-router';
import { landingMessages } from '@shared/messages/landing';
import { legalMessages } from '@shared/messages/legal';
import { usePublicSettings } from '@web/lib/public-settings';

/** The footer: footer_text from system_settings and the legal pages. */
export function LandingFooter() {
  const { data: settings } = usePublicSettings();
  const links = [
    { to: '/legal/privacy', label: landingMessages.privacy },
    { to: '/legal/terms', label: landingMessages.terms },
    { to: '/legal/support', label: landingMessages.support },
  ];
  return (
    <footer className="border-t bg-muted/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <div className="space-y-1">
          <p>{settings?.footer_text ?? legalMessages.defaultFooter}</p>
          {settings?.contact_email ? (
            <p>
              <a href={`mailto:${settings.contact_email}`} className="font-medium text-foreground underline-offset-4 hover:underline">
                {settings.contact_email}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={landingMessages.legalNav}>
          <ul className="flex gap-5">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-foreground underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
