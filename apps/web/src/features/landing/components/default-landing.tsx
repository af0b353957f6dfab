import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { Carousel } from './carousel.tsx';

interface Item {
  title: string;
  text: string;
  date?: string;
  name?: string;
  value?: string;
  label?: string;
}

/** The default static landing of spec §2, with sample content. */
export function DefaultLanding() {
  const { t } = useTranslation('landing');
  const app = useAppRecord();
  const company = useCompany();
  const list = (key: string) => t(key, { returnObjects: true }) as Item[];
  const program = app.allowed_programs[0];
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/" className="landing-logo">
          {app.logo ? <Picture src={app.logo} alt={company.name} width={140} height={56} /> : company.name}
        </Link>
        <nav aria-label={t('default.nav.label')} className="landing-nav">
          <a href="#home">{t('default.nav.home')}</a>
          <a href="#beneficios">{t('default.nav.benefits')}</a>
          <a href="#eventos">{t('default.nav.events')}</a>
          <Link to="/products">{t('default.nav.store')}</Link>
          <Link to={program ? `/program/${program.uid}` : '/'}>{t('default.nav.redeem')}</Link>
        </nav>
        <div className="landing-header-actions">
          <Link className="button secondary" to="/login">
            {t('default.nav.login')}
          </Link>
          <Link className="button" to="/register">
            {t('default.nav.register')}
          </Link>
        </div>
      </header>
      <main>
        <section id="home" className="landing-section landing-hero">
          <h1>{t('default.hero.title')}</h1>
          <p>{t('default.hero.text')}</p>
          <Link className="button" to="/register">
            {t('default.hero.cta')}
          </Link>
        </section>
        <section className="landing-section">
          <h2>{t('default.about.title')}</h2>
          <p>{t('default.about.text')}</p>
          <dl className="landing-stats">
            {list('default.about.stats').map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section id="eventos" className="landing-section">
          <h2>{t('default.events.title')}</h2>
          <div className="landing-grid">
            {list('default.events.items').map((event) => (
              <article key={event.title} className="landing-card">
                <h3>{event.title}</h3>
                <p className="landing-subtitle">{event.date}</p>
                <p>{event.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section id="beneficios" className="landing-section">
          <h2>{t('default.benefits.title')}</h2>
          <div className="landing-grid">
            {list('default.benefits.items').map((benefit) => (
              <article key={benefit.title} className="landing-card">
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section className="landing-section">
          <h2>{t('default.testimonials.title')}</h2>
          <Carousel
            label={t('default.testimonials.title')}
            slides={list('default.testimonials.items').map((item) => (
              <blockquote key={item.name} className="landing-quote">
                <p>“{item.text}”</p>
                <footer>{item.name}</footer>
              </blockquote>
            ))}
          />
        </section>
      </main>
      <footer className="landing-footer">
        <p>
          © {new Date().getFullYear()} {company.name}. {t('default.footer')}
        </p>
      </footer>
    </div>
  );
}
