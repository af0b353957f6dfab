import { useTranslation } from 'react-i18next';
import { Picture } from '../../../components/ui/picture.tsx';
import { useProgramAds } from '../api/programs-api.ts';

/** The program's ads; nothing while they load or when there are none (they are not the page's content). */
export function ProgramAds({ programUid }: { programUid: string }) {
  const { t } = useTranslation('programs');
  const ads = useProgramAds(programUid);
  if (!ads.data || ads.data.results.length === 0) return null;
  return (
    <section className="program-ads" aria-label={t('ads.label')}>
      <ul>
        {ads.data.results.map((ad) => {
          const body = (
            <>
              {ad.image && <Picture src={ad.image} alt="" width={320} height={120} loading="lazy" />}
              <strong>{ad.title}</strong>
              {ad.description && <span>{ad.description}</span>}
            </>
          );
          return (
            <li key={ad.uid} className="program-ad">
              {ad.link ? (
                /^https?:\/\//.test(ad.link) ? (
                  <a href={ad.link} target="_blank" rel="noopener noreferrer">
                    {body}
                  </a>
                ) : (
                  <a href={ad.link}>{body}</a>
                )
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
