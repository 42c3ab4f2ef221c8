import { label } from '../define.ts';

/**
 * Every user-facing text of the specification under a stable key, in both languages.
 * Chinese texts quoted by the specification are kept exactly as written.
 */
export const coreMessages = {
  // spec 000 §8
  'session.elsewhere': label(
    '您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码',
    'Your account has signed in elsewhere. If it was not you, change your password as soon as possible.',
  ),
  'session.otherPortal': label(
    '当前登录属于另一个门户，请在本门户重新登录',
    'This sign-in belongs to the other portal; please sign in on this portal.',
  ),
  'error.noPermission': label('您没有权限访问该资源.', 'You do not have permission to access this resource.'),
  'logout.confirm': label('确认注销？', 'Confirm logout?'),
  'error.upload': label('上传失败', 'upload error'),
  'approval.noSteps': label('暂无审批步骤', 'no approval steps'),
  'approval.noInfo': label('暂无审批信息', 'no approval information'),
  'error.network': label('网络异常，请稍后重试', 'Network error, please try again later.'),
  'error.server': label('服务器内部错误', 'Internal server error'),
  'error.notFound': label('您访问的页面不存在', 'The page you are looking for does not exist.'),
  'error.unauthorized': label('您没有权限访问该页面', 'You are not authorised to view this page.'),
  'error.badRequest': label('请求参数不正确', 'Incorrect parameter'),
  'error.idempotencyKeyReused': label(
    '该请求标识（Idempotency-Key）已用于内容不同的另一请求，本次请求未执行',
    'This Idempotency-Key was already used for a different request; this request was not carried out.',
  ),
  'error.tooManyRequests': label('操作过于频繁，请稍后再试', 'Too many attempts, please try again later.'),
  'error.sessionExpired': label('登录已过期，请重新登录', 'Your session has expired, please sign in again.'),
  'error.loadLocales': label('获取语言列表失败', 'get locales error'),
  'error.loadMessages': label('获取多语言文本失败', 'get messages error'),

  // spec 001 §5 login
  'login.usernameRequired': label('请输入用户名', 'please input username'),
  'login.passwordRequired': label('请输入密码', 'please input password'),
  'login.incorrect': label('用户名或密码错误', 'incorrect username or password'),
  'login.notAllowed': label('您无权登录门户网站。', 'You are not allowed to login portal web.'),
  'login.oldPasswordRequired': label('请输入旧密码', 'Please enter the old password'),
  'login.oldPasswordWrong': label('旧密码不正确', 'The old password is incorrect'),
  'login.captchaRequired': label('请输入验证码', 'please input the captcha'),
  'login.captchaWrong': label('验证码错误或已失效', 'The captcha is wrong or has expired'),
  'login.mobileRequired': label('请输入手机号码', 'please input the mobile phone number'),
  'login.mobileInvalid': label('手机号码格式不正确', 'Phone format incorrect'),
  'login.smsCodeRequired': label('请输入短信验证码', 'please input the SMS code'),
  'login.smsCodeWrong': label('短信验证码错误或已失效', 'The SMS code is wrong or has expired'),
  'login.smsSent': label('验证码已发送', 'The code has been sent'),
  'login.mobileUnknown': label('该手机号码未绑定用户', 'No user is registered with this mobile number'),
  'login.locked': label(
    '登录失败次数过多，账号已锁定 {minutes} 分钟',
    'Too many failed attempts; the account is locked for {minutes} minutes',
  ),
  'login.disabled': label('账号已停用', 'This account is disabled'),
  'login.ssoInvalid': label('单点登录凭证无效或已过期', 'The single sign-on assertion is invalid or has expired'),
  'login.refreshInvalid': label('登录已失效，请重新登录', 'Your sign-in has expired, please sign in again'),
  'login.unsupportedGrant': label('不支持的登录方式', 'Unsupported grant type'),
  'password.resetRequired': label('重置密码不能为空', 'Reset password cannot be blank'),
  'password.confirmRequired': label('确认密码不能为空', 'Confirm password cannot be blank'),
  'password.tooLong': label('密码过长', 'Password too long'),
  'password.tooShort': label('密码至少 8 位，且需包含字母和数字', 'The password needs at least 8 characters with letters and digits'),
  'password.mismatch': label('两次输入的密码不一致', 'The two passwords do not match'),
  'password.changed': label('密码已修改，请重新登录', 'Password changed, please sign in again'),
  'password.reset': label('密码已重置，请登录', 'Password reset, please sign in'),
  'avatar.changed': label('头像已更新', 'Profile photo updated'),
  'avatar.tooLarge': label('头像图片不能超过 100K', 'The photo must be under 100K'),
  'avatar.badType': label('请上传 png、jpg 或 gif 图片', 'Please upload a png, jpg or gif image'),

  // spec 001 §2 labels
  'greeting.morning': label('早上好', 'Good morning'),
  'greeting.afternoon': label('下午好', 'Good afternoon'),
  'greeting.night': label('晚上好', 'Good night'),
  'success.saved': label('保存成功', 'saved'),
  'validation.required': label('必填项不能为空', 'Required fields must be entered'),
  'validation.pattern': label('{field}格式不正确', '{field} has an incorrect format'),
  'validation.maxLength': label('{field}不能超过 {max} 个字符', '{field} cannot exceed {max} characters'),
  'validation.under': label('{field}必须少于 {limit} 个字符', '{field} must be under {limit} characters'),
  'validation.number': label('{field}必须是数字', '{field} must be a number'),
  'validation.integer': label('{field}只能输入整数', '{field}: integer only'),
  'validation.positive': label('{field}必须大于0', '{field} must be larger than 0'),
  'validation.unknownField': label('字段 {field} 不存在或不可写', 'Field {field} does not exist or cannot be written'),
  'parameter.missing': label('请在CRM中维护系统参数', 'Please maintain system parameters in the CRM'),
  'notice.notFound': label('公告不存在', 'Notice not found'),
  'notice.replyRequired': label('回复内容不能为空', 'The reply cannot be empty'),
  'notice.replyTooLong': label('回复内容不能超过 1000 个字符', 'The reply cannot exceed 1000 characters'),
  'notice.replied': label('回复成功', 'Replied'),
  'user.noStation': label('用户没有服务站', 'The user has no service station'),
} as const;
