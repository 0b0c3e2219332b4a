import './home.css';

const STEPS = [
  { title: '扫码进入', text: '使用手机扫描组织方在会场提供的二维码，或打开组织方发送的投票链接。' },
  { title: '匿名填写', text: '无需登录、无需填写姓名。按页面提示逐项评价，可随时返回修改。' },
  { title: '提交确认', text: '检查无遗漏后提交，页面显示回执即表示投票已成功记录。' },
];

/** Public home: what the system is, how a voter gets in, and the way to admin sign-in. */
export default function HomePage() {
  return (
    <div className="kp-home">
      <header className="kp-home-hero">
        <div className="kp-shell">
          <p className="kp-home-brand">考评</p>
          <h1>干部考核测评与民主评议系统</h1>
          <p className="kp-home-lead">
            用于领导班子和领导人员年度民主测评、选人用人工作及新提拔任用干部民主评议。投票全程匿名，结果按权重自动汇总。
          </p>
        </div>
      </header>
      <main className="kp-shell">
        <section aria-labelledby="voter-steps" className="kp-card kp-home-section">
          <h2 id="voter-steps">我是参评人员，如何投票？</h2>
          <ol className="kp-home-steps">
            {STEPS.map((s, i) => (
              <li key={s.title}>
                <span className="kp-home-step-no" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="kp-home-note">
            投票入口只能通过组织方提供的二维码或链接进入。系统不记录您的姓名、IP 地址或设备信息。
          </p>
          <p className="kp-home-note">
            投票后想确认答卷已计入？<a href="/vote/result">凭回执码查询投票回执</a>
          </p>
        </section>
        <section aria-labelledby="admin-entry" className="kp-card kp-home-section">
          <h2 id="admin-entry">我是组织人员</h2>
          <p>登录管理后台，准备测评表、设置投票类型与测评对象，会后查看加权结果并导出 Excel 汇总表。</p>
          <div className="kp-home-actions">
            <a className="kp-btn kp-btn-primary" href="/login">
              管理员登录
            </a>
            <a className="kp-btn" href="/register">
              注册管理员
            </a>
          </div>
        </section>
      </main>
      <footer className="kp-home-footer">考评 · 干部考核测评系统</footer>
    </div>
  );
}
