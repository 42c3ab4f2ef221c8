import { defineEntity, label, memo, optionSet, text } from '../define.ts';
import { kbState } from '../option-sets/service.ts';

/** Knowledge-base article (spec 001 §3, list with file name). */
export const kbArticle = defineEntity({
  logicalName: 'new_kbarticle',
  entitySet: 'new_kbarticles',
  label: label('知识库文章', 'KB article'),
  scope: { kind: 'global' },
  access: { read: 'kb.read', write: 'kb.write' },
  attachments: true,
  fields: {
    new_name: text(label('标题', 'Title'), { required: true, searchable: true, maxLength: 200 }),
    new_category: text(label('分类', 'Category'), { maxLength: 60, searchable: true }),
    new_keywords: text(label('关键词', 'Keywords'), { maxLength: 200, searchable: true }),
    new_filename: text(label('文件名', 'File name'), { maxLength: 200 }),
    new_state: optionSet(kbState, undefined, { required: true, indexed: true }),
    // Searched too: an article is found by what it says, not only by its title (issue 24).
    new_content: memo(label('内容', 'Content'), { maxLength: 20000, searchable: true }),
  },
  views: {
    published: {
      label: label('已发布文章', 'Published articles'),
      columns: ['new_name', 'new_category', 'new_filename', 'modifiedon'],
      orderBy: [['modifiedon', 'desc']],
      filter: { new_state: kbState.published },
    },
    all: {
      label: label('全部文章', 'All articles'),
      columns: ['new_name', 'new_category', 'new_state', 'new_filename', 'modifiedon'],
      orderBy: [['modifiedon', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('文章信息', 'Article'),
        fields: ['new_name', 'new_category', 'new_keywords', 'new_state', 'new_filename'],
      },
      { key: 'content', label: label('内容', 'Content'), fields: ['new_content'] },
    ],
  },
});
