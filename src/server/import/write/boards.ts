import { editorialChannelIdNow, editorialTopicIdNow, expertIdNow } from '../../store/bulk/lookups.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, html, type ImportRun } from './writer.ts';

/** Writes the file's editorial boards and their experts; gives how many experts it names. */
export function writeBoards(run: ImportRun, file: ImportFile, publicationOf: PublicationOf): number {
  const { w, db, siteId } = run;
  const editorialChannel = editorialChannelIdNow(db, siteId);
  let experts = 0;
  file.editorialBoards.forEach((board, i) => {
    const publicationId = board.issn ? publicationOf(board.issn, ['editorialBoards', i]) : board.issn;
    const { id: topicId } = at(['editorialBoards', i], () =>
      w.upsert(
        'editorial_topics',
        editorialTopicIdNow(db, siteId, board.name),
        { publication_id: publicationId, en_name: board.enName },
        { site_id: siteId, channel_id: editorialChannel, name: board.name },
      ),
    );
    board.experts.forEach((e, n) => {
      experts++;
      at(['editorialBoards', i, 'experts', n], () =>
        w.upsert(
          'experts',
          expertIdNow(db, topicId, e.name),
          {
            en_name: e.enName,
            role: e.role,
            en_role: e.enRole,
            institution: e.institution,
            en_institution: e.enInstitution,
            introduction: html(e.introduction),
            en_introduction: html(e.enIntroduction),
            sort_order: n + 1,
          },
          { site_id: siteId, topic_id: topicId, name: e.name },
        ),
      );
    });
  });
  return experts;
}
