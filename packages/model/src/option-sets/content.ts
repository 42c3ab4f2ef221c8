import { defineNamedOptionSet, label } from '../define.ts';

/** Where a published document (download centre, technical file) stands: readers see only published ones. */
export const contentState = defineNamedOptionSet('new_contentstate', label('发布状态', 'Publication state'), {
  draft: { value: 1, label: label('草稿', 'Draft') },
  published: { value: 2, label: label('已发布', 'Published') },
  retired: { value: 3, label: label('已下架', 'Retired') },
});

/** Who a download-centre document is for: every reader, the service network (portal.login), or store partners (portal.store.login). */
export const contentAudience = defineNamedOptionSet('new_contentaudience', label('适用对象', 'Audience'), {
  all: { value: 1, label: label('全部用户', 'Everyone') },
  network: { value: 2, label: label('服务网络', 'Service network') },
  stores: { value: 3, label: label('门店伙伴', 'Store partners') },
});

/** Category of a download-centre document. */
export const downloadCategory = defineNamedOptionSet('new_downloadcategory', label('资料分类', 'Category'), {
  manual: { value: 1, label: label('产品手册', 'Manuals') },
  priceList: { value: 2, label: label('价格表', 'Price lists') },
  form: { value: 3, label: label('表单模板', 'Forms') },
  policy: { value: 4, label: label('政策制度', 'Policies') },
  training: { value: 5, label: label('培训资料', 'Training') },
});

/** Kind of a technical file of a product or product line. */
export const techFileType = defineNamedOptionSet('new_techfiletype', label('文件类型', 'File type'), {
  serviceManual: { value: 1, label: label('维修手册', 'Service manual') },
  drawing: { value: 2, label: label('结构图纸', 'Drawing') },
  wiring: { value: 3, label: label('电气原理图', 'Wiring diagram') },
  bulletin: { value: 4, label: label('技术通报', 'Technical bulletin') },
  partsCatalogue: { value: 5, label: label('配件目录', 'Parts catalogue') },
});
