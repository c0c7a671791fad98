/**
 * The text of boilerplate lines in English, German, French and Spanish (issue #24): the phrases
 * that open a pointer to another article, label share buttons, pitch a newsletter, credit a
 * picture or date a page. Each pattern is tested against one whitespace-collapsed line by a rule
 * of boilerplate.ts.
 */

/** A phrase list as one case-insensitive regular expression anchored at the start of a line. */
const startsWith = (phrases: string[], tail: string) => new RegExp(`^(?:${phrases.join('|')})${tail}`, 'iu');

/** "Read also" phrases that open a pointer to another article, in en/de/fr/es. */
const READ_ALSO = [
  'read (?:more|also|next)',
  'also read',
  'see also',
  'related(?: (?:stories|articles|posts|news|content|coverage))?',
  'more (?:on this|from|stories|news)',
  'recommended',
  'you (?:may|might) also like',
  'further reading',
  'watch',
  'lesen sie (?:auch|mehr|hier)',
  'lies auch',
  'auch interessant',
  'mehr zum thema',
  'mehr dazu',
  'siehe auch',
  'weiterlesen',
  'passend dazu',
  'das könnte (?:sie|dich) auch interessieren',
  'verwandte (?:artikel|beiträge|themen)',
  'ähnliche (?:artikel|beiträge)',
  'weitere (?:artikel|beiträge|news|nachrichten|themen)',
  '(?:à |a )?lire (?:aussi|également|la suite)',
  '(?:à )?voir aussi',
  'sur le même (?:sujet|thème)',
  'articles? (?:similaires|liés|connexes)',
  'le[ae]r? (?:también|más)',
  'lee (?:también|más)',
  '(?:también )?(?:te|le) puede interesar',
  'puede interesarte',
  'ver también',
  'mira(?: también)?',
  'puedes ver',
  '(?:noticias|artículos) relacionad[oa]s',
];
/** A line opening with a "read also" phrase and a separator: "Read more: …", "Lea también: …". */
export const READ_ALSO_LINE = startsWith(READ_ALSO, '(?:\\s*[:|»›>–—-]|\\b.{0,50}:$)');
/** Labels of a box of further information, links or contacts after an article, in en/de/fr/es. */
const MORE_INFO_HEADING = [
  'weitere (?:informationen|infos|links|\\p{L}*tipps)(?: (?:zu|zum|zur|über|in|im|für|aus) .{0,50})?',
  'weiterführende (?:links|informationen|artikel)',
  'weiterführender link',
  'zusatzinformationen',
  'mehr informationen',
  'entdecken? (?:sie )?weitere .{0,30}',
  'themen (?:im|in diesem) artikel',
  'kontakt',
  '(?:more|further) information',
  'useful links',
  'contact',
  "plus d'informations",
  'pour en savoir plus',
  'más información',
  'enlaces (?:relacionados|de interés)',
  'contacto',
];
/** A heading that is only such a phrase, or a list's title: "Related stories", "Mehr zum Thema", "Weitere Informationen". */
export const READ_ALSO_HEADING = new RegExp(
  `^(?:${[...READ_ALSO, ...MORE_INFO_HEADING, 'neueste (?:artikel|beiträge|nachrichten)', 'meistgelesen', 'most (?:read|popular)', 'les plus lus', 'lo más leído', 'más noticias', 'latest (?:news|stories|articles)'].join('|')})\\s*:?$`,
  'iu',
);
/** A bar asking to share or follow, in en/de/fr/es. */
export const SHARE_LINE =
  /^(?:share(?: this| on| the)?(?: (?:article|story|post|page))?|teilen|(?:diesen |den )?(?:artikel|beitrag|seite) teilen|jetzt teilen|möchten sie (?:den|diesen) (?:artikel|beitrag) teilen\??|partager(?: cet article| sur)?|compartir(?: en| este artículo)?|comparte(?: esta noticia)?|follow us(?: on)?|folgen sie uns(?: auf)?|suivez-nous(?: sur)?|síguenos(?: en)?)\s*[:!?]?$/iu;
/** A newsletter, subscription or app pitch. */
export const NEWSLETTER_LINE =
  /\bnewsletter|(?:^|\W)(?:sign up|subscribe)\b|\babonn(?:ieren|iere|ez-vous)\b|\binscrivez-vous\b|\bsuscr[ií]b(?:ete|irse)\b|\bnever miss\b|\bverpassen sie keine\b|\b(?:download|descarga|descargue|téléchargez|laden sie)\b.{0,60}\bapps?\b|\b(?:telegram|whatsapp)\b.{0,40}\b(?:canal|channel|kanal|chaîne)\b|\b(?:canal|channel|kanal|chaîne)\b.{0,20}\b(?:telegram|whatsapp)\b/iu;
/** Cheap tests first: the words any of the longer patterns below needs (most lines have none). */
export const NEWSLETTER_HINT = /newsletter|sign up|subscri|abonn|inscri|suscr|never miss|verpassen|app|telegram|whatsapp/i;
export const COPYRIGHT_HINT = /rights|rechte|droits|derechos|copyright|permission/i;
/** A copyright or reprint notice. */
export const COPYRIGHT_LINE =
  /\ball rights reserved\b|\balle rechte vorbehalten\b|\btous droits réservés\b|\btodos los derechos reservados\b|\bcopyrighted\b|\bwritten permission\b/iu;
/** An advertisement's label. */
export const AD_LINE = /^(?:anzeige|werbung|advertisement|advertising|sponsored|publicidad|publicité)\b/iu;
/** A dateline: "Published 3 May 2021", "Aktualisiert am 12.03.2020", "Publié le …", "Actualizado: …". */
export const DATE_LINE =
  /^(?:(?:first |last )?(?:published|updated|posted)(?: on)?|veröffentlicht(?: am)?|veröffentlichung|(?:zuletzt )?aktualisiert(?: am)?|stand|publié(?: le)?|mis à jour(?: le)?|publicado(?: el)?|actualizado(?: el)?)\s*:?\s*(?=[^\n]*\d)[\p{L}\d .,:/|–-]{0,50}$/iu;
/** An image credit: "Foto: …", "Photo: …", "©", "Crédits photos : …". */
export const CREDIT_LINE =
  /^\(?(?:(?:fotos?|photos?|bild(?:er|quelle)?|image(?:s|n)?|credits?|crédits?(?: photos?)?|fotografía|quelle|source|fuente)\s*:|©|\(c\)|copyright\b)|^(?:fotos?|photos?|bild|image|imagen)\s+(?:via|von|by|de|par)\s|\((?:fotos?|photos?|bild|image|credit|crédit|fuente|quelle|source)\s*:[^)]*\)$|\([\p{L} .'’-]{2,30}\/[\p{L} .'’-]{2,30}\)$/iu;
/** A credit inside a caption: "Bild: …", "©", "Foto: …", "via", a stock agency. */
export const CREDIT_MARK =
  /(?:^|[\s(])(?:fotos?|photos?|bild(?:quelle)?|image|imagen|credits?|crédits?(?: photos?)?|quelle|source|fuente)\s*:|©|\(c\)|\bvia\b|\b(?:getty images|shutterstock|istock(?:photo)?|imago|picture alliance|reuters|afp|dpa|epa|keystone)\b/iu;
/** A bare "Photographer/Agency" credit: "Jane Doe/Reuters", "dpa/AFP". */
export const SLASH_CREDIT = /^\p{L}[\p{L} .'’-]{0,30}\/\s?\p{Lu}[\p{L} .'’-]{0,30}(?:\.com)?$/u;
/** A calendar date, not a duration ("2020-05-01", "1.5.2020", "May 1, 2020"; not "PT15M" or "15 Min"). */
export const CALENDAR_DATE = /\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|\b(?:1[89]|20)\d{2}\b/;
/** One control's label: back and next, show and hide, print, permalink, in en/de/fr/es. */
const CONTROL = String.raw`(?:[«‹<←]\s*)?(?:zurück(?: zu[rm]? [\p{L}-]+)?|back(?: to [\p{L}-]+)?|retour(?: à [\p{L}-]+)?|volver|regresar|(?:[\p{L}-]+ )?(?:anzeigen|ausblenden|einblenden|aufklappen|zuklappen|schließen)|(?:show|hide|close) (?:more|less|all|[\p{L}-]+)|(?:mehr|weniger) anzeigen|(?:afficher|masquer|fermer) (?:plus|moins|tout|[\p{L}-]+)|(?:mostrar|ocultar|cerrar) (?:más|menos|todo|[\p{L}-]+)|(?:permalink|permalien|enlace permanente)(?:\s*:?\s*https?:\/\/\S+)?|drucken|print(?: this (?:page|article))?|imprimer|imprimir)(?:\s*[»›>→])?`;
/**
 * A line that is only the labels of one or two page controls ("zurück", "Bild anzeigen Bild
 * schließen", "Show more", "Permalink https://…").
 */
export const CONTROL_LINE = new RegExp(`^${CONTROL}(?:\\s+${CONTROL})?$`, 'iu');
