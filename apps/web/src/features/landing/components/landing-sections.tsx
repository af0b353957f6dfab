import { MAX_LANDING_CARDS, MAX_SMALL_IMAGES } from '@storefront/contracts/constants';
import type { LandingButton, LandingCard, LandingImage, LandingSection } from '@storefront/contracts/content';
import { safeUrl } from '@storefront/contracts/tenant-html';
import { type JSX, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { useHostname } from '../../../lib/server-render.tsx';
import { Carousel } from './carousel.tsx';
import {
  activeCards,
  cardColor,
  useNarrowScreen,
  WHATSAPP_GREETING,
  welcomeTarget,
  whatsappLink,
} from './landing-links.ts';

const Title = ({ html, level = 2 }: { html: string; level?: 2 | 3 }) => {
  if (!html.trim()) return null;
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag>
      <SafeHtml as="span" html={html} />
    </Tag>
  );
};

/** A tenant image: https or site-relative only; decorative unless it is a link's only content. */
function TenantImage({ image, alt = '' }: { image: LandingImage | undefined; alt?: string }) {
  const src = safeUrl(image?.image, { images: true });
  return src ? <Picture src={src} alt={alt} loading="lazy" width={320} height={200} /> : null;
}

/** A tenant button opening outside (new tab); unsafe links are not shown. */
export function ExternalButton({
  button,
  className = 'button',
}: {
  button: LandingButton;
  className?: string;
}) {
  const href = safeUrl(button.link);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      <SafeHtml as="span" html={button.tittle} />
    </a>
  );
}

function Welcome({ section }: { section: LandingSection }) {
  const app = useAppRecord();
  const company = useCompany();
  const hostname = useHostname();
  const logo = safeUrl(company.logo ?? app.logo, { images: true });
  return (
    <section className="landing-section landing-welcome" data-type="WELCOME">
      <div>
        <Title html={section.tittle} />
        <SafeHtml html={section.content} className="tenant-html" />
        <div className="landing-buttons">
          {section.buttons.map((button) => {
            const target = welcomeTarget(button.link, app, company, hostname);
            if (!target) return null;
            return 'internal' in target ? (
              <Link key={button.uid} className="button" to={target.internal}>
                <SafeHtml as="span" html={button.tittle} />
              </Link>
            ) : (
              <ExternalButton key={button.uid} button={button} className="button secondary" />
            );
          })}
        </div>
      </div>
      {logo && (
        <Picture className="landing-welcome-logo" src={logo} alt={company.name} width={240} height={240} />
      )}
    </section>
  );
}

function Informative({ section }: { section: LandingSection }) {
  return (
    <section className="landing-section" data-type="INFORMATIVE">
      <Title html={section.tittle} />
      {activeCards(section.cards).map((card) => {
        const image = card.images.find((img) => img.is_active) ?? card.images[0];
        const reversed = image && image.spatial_position !== 'LEFT';
        return (
          <article key={card.uid} className={`landing-informative${reversed ? ' reversed' : ''}`}>
            <TenantImage image={image} />
            <div>
              <Title html={card.tittle} level={3} />
              <SafeHtml html={card.content} className="tenant-html" />
              {card.buttons[0] && <ExternalButton button={card.buttons[0]} />}
            </div>
          </article>
        );
      })}
    </section>
  );
}

function Cards({ section }: { section: LandingSection }) {
  return (
    <section className="landing-section" data-type="CARD">
      <Title html={section.tittle} />
      <div className="landing-grid">
        {activeCards(section.cards).map((card) => (
          <article
            key={card.uid}
            className="landing-card colored"
            style={{ backgroundColor: cardColor(card.color) }}
            data-color={cardColor(card.color)}
          >
            <TenantImage image={card.images[0]} />
            <Title html={card.tittle} level={3} />
            {card.subtittle && <SafeHtml as="div" html={card.subtittle} className="landing-subtitle" />}
            <SafeHtml html={card.content} className="tenant-html" />
          </article>
        ))}
      </div>
    </section>
  );
}

function SmallImage({ section }: { section: LandingSection }) {
  const withCards = section.cards.length > 0;
  return (
    <section
      className="landing-section"
      data-type="SMALL_IMAGE"
      data-variant={withCards ? 'cards' : 'images'}
    >
      <Title html={section.tittle} />
      {withCards ? (
        <div className="landing-grid">
          {activeCards(section.cards, MAX_LANDING_CARDS).map((card: LandingCard) => (
            <article key={card.uid} className="landing-card">
              <TenantImage image={card.images[0]} />
              <Title html={card.tittle} level={3} />
            </article>
          ))}
        </div>
      ) : (
        <ul className="landing-logos">
          {section.images
            .filter((img) => img.is_active)
            .slice(0, MAX_SMALL_IMAGES)
            .map((img, i) => {
              const href = safeUrl(img.link);
              const picture = <TenantImage image={img} alt={`${i + 1}`} />;
              return (
                <li key={img.uid}>
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {picture}
                    </a>
                  ) : (
                    picture
                  )}
                </li>
              );
            })}
        </ul>
      )}
    </section>
  );
}

function CarouselSection({ section }: { section: LandingSection }) {
  const cards = section.cards.filter((card) => card.is_active);
  return (
    <section className="landing-section" data-type="CAROUSEL">
      <Title html={section.tittle} />
      <Carousel
        label={section.tittle.replace(/<[^>]*>/g, '') || 'Carrusel'}
        slides={cards.map((card) => (
          <article key={card.uid} className="landing-slide">
            <div className="landing-slide-images">
              <TenantImage image={card.images[0]} />
              <TenantImage image={card.images[1]} />
            </div>
            <div>
              <Title html={card.tittle} level={3} />
              <SafeHtml html={card.content} className="tenant-html" />
              {card.buttons[0] && <ExternalButton button={card.buttons[0]} />}
            </div>
          </article>
        ))}
      />
    </section>
  );
}

function FormSection({ section }: { section: LandingSection }) {
  const { t } = useTranslation('landing');
  const [loaded, setLoaded] = useState(false);
  const src = safeUrl(section.link);
  const title = section.tittle.replace(/<[^>]*>/g, '') || t('formTitle');
  return (
    <section className="landing-section" data-type="FORM">
      <Title html={section.tittle} />
      {!loaded && <p role="status">{t('loading')}</p>}
      {src && /^https:/.test(src) && (
        <iframe
          className="landing-form"
          src={src}
          title={title}
          loading="lazy"
          sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(true)}
        />
      )}
    </section>
  );
}

function Contact({ section }: { section: LandingSection }) {
  const { t } = useTranslation('landing');
  const company = useCompany();
  const narrow = useNarrowScreen();
  return (
    <section className="landing-section landing-contact" data-type="CONTACT">
      <Title html={section.tittle} />
      <SafeHtml html={section.content} className="tenant-html" />
      {company.whatsapp_number && (
        <a
          className="button"
          href={whatsappLink(company.whatsapp_number, narrow, WHATSAPP_GREETING)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('whatsapp')}
        </a>
      )}
    </section>
  );
}

const SECTIONS: Partial<Record<LandingSection['type'], (props: { section: LandingSection }) => JSX.Element>> =
  {
    WELCOME: Welcome,
    INFORMATIVE: Informative,
    CARD: Cards,
    SMALL_IMAGE: SmallImage,
    CAROUSEL: CarouselSection,
    FORM: FormSection,
    CONTACT: Contact,
  };

/** One active section by its type; HEADER is drawn by the landing header. */
export function LandingSectionView({ section }: { section: LandingSection }) {
  const View = SECTIONS[section.type];
  return View ? <View section={section} /> : null;
}
