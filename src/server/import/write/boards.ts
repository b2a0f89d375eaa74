import { editorialChannelId, editorialTopicId, expertId } from '../../store/bulk/import-reads.ts';
import type { ImportFile } from '../schema.ts';
import type { PublicationOf } from './publications.ts';
import { at, html, type ImportRun } from './writer.ts';

/** Writes the file's editorial boards and their experts; gives how many experts it names. */
export async function writeBoards(run: ImportRun, file: ImportFile, publicationOf: PublicationOf): Promise<number> {
  const { w, trx, siteId } = run;
  const editorialChannel = await editorialChannelId(trx, siteId);
  let experts = 0;
  for (const [i, board] of file.editorialBoards.entries()) {
    const publicationId = board.issn ? publicationOf(board.issn, ['editorialBoards', i]) : board.issn;
    const { id: topicId } = await at(['editorialBoards', i], async () =>
      w.upsert(
        'editorial_topics',
        await editorialTopicId(trx, siteId, board.name),
        { publication_id: publicationId, en_name: board.enName },
        { site_id: siteId, channel_id: editorialChannel, name: board.name },
      ),
    );
    for (const [n, e] of board.experts.entries()) {
      experts++;
      await at(['editorialBoards', i, 'experts', n], async () =>
        w.upsert(
          'experts',
          await expertId(trx, topicId, e.name),
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
    }
  }
  return experts;
}
