<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>Cannot Create the Demo</source>
        <translation>无法创建演示</translation>
    </message>
</context>
<context>
    <name>rd::DiffPane</name>
    <message>
        <source>Preparing the diff…</source>
        <translation>正在准备差异…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled. Select the file again to retry.</source>
        <translation>已取消。再次选择该文件即可重试。</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>renamed from %1 (%2% similar)</source>
        <translation>由 %1 重命名（相似度 %2%）</translation>
    </message>
    <message>
        <source>copied from %1 (%2% similar)</source>
        <translation>由 %1 复制（相似度 %2%）</translation>
    </message>
    <message>
        <source>type changed</source>
        <translation>类型已变更</translation>
    </message>
    <message>
        <source>mode %1 → %2</source>
        <translation>权限 %1 → %2</translation>
    </message>
    <message>
        <source>submodule</source>
        <translation>子模块</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation>选择一个文件以查看其变更。</translation>
    </message>
    <message>
        <source>Cannot show this file: %1</source>
        <translation>无法显示此文件：%1</translation>
    </message>
    <message>
        <source>Binary file not shown (%1 → %2).</source>
        <translation>二进制文件，不予显示（%1 → %2）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not UTF-8, shown as Latin-1</source>
        <translation>非 UTF-8，按 Latin-1 显示</translation>
    </message>
</context>
<context>
    <name>rd::DiffView</name>
    <message numerus="yes">
        <source>Show %n more line(s) below the previous change</source>
        <translation><numerusform>在上一处变更下方再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show %n more line(s) above the next change</source>
        <translation><numerusform>在下一处变更上方再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show all %n unchanged line(s)</source>
        <translation><numerusform>显示全部 %n 行未变更内容</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▼ %n more</source>
        <translation><numerusform>▼ 再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s) ⋯</source>
        <translation><numerusform>⋯ %n 行未变更 ⋯</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▲ %n more</source>
        <translation><numerusform>▲ 再显示 %n 行</numerusform></translation>
    </message>
    <message>
        <source>⊘ no newline at end</source>
        <translation>⊘ 文件末尾无换行</translation>
    </message>
</context>
<context>
    <name>rd::FileTreeModel</name>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
</context>
<context>
    <name>rd::LlmClient</name>
    <message>
        <source>the recording has no answer for this request</source>
        <translation>录制中没有此请求的回答</translation>
    </message>
    <message>
        <source>the environment variable %1 that should hold the API key is not set</source>
        <translation>应保存 API 密钥的环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有回答</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1：%2</translation>
    </message>
    <message>
        <source>connection failed: %1</source>
        <translation>连接失败：%1</translation>
    </message>
    <message>
        <source>unreadable answer: %1</source>
        <translation>无法读取的回答：%1</translation>
    </message>
    <message>
        <source>HTTP %1: not a model list</source>
        <translation>HTTP %1：不是模型列表</translation>
    </message>
</context>
<context>
    <name>rd::MainWindow</name>
    <message>
        <source>ReviewDesk</source>
        <translation>ReviewDesk</translation>
    </message>
    <message>
        <source>Filter files: name, status, is:unviewed</source>
        <translation>筛选文件：名称、状态、is:unviewed</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>上一个匹配（Shift+F3）</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>下一个匹配（F3）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Highlighting: %1</source>
        <translation>语法高亮：%1</translation>
    </message>
    <message>
        <source>Could not open the merge request.</source>
        <translation>无法打开合并请求。</translation>
    </message>
    <message>
        <source>Cannot Open Merge Request</source>
        <translation>无法打开合并请求</translation>
    </message>
    <message>
        <source>ReviewDesk could not open %1 → %2 in %3.</source>
        <translation>ReviewDesk 无法在 %3 中打开 %1 → %2。</translation>
    </message>
    <message>
        <source>&amp;Open Merge Request…</source>
        <translation>打开合并请求(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Next Change</source>
        <translation>下一处变更(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Change</source>
        <translation>上一处变更(&amp;P)</translation>
    </message>
    <message>
        <source>Next &amp;File</source>
        <translation>下一个文件(&amp;F)</translation>
    </message>
    <message>
        <source>Previous F&amp;ile</source>
        <translation>上一个文件(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Find in Diff…</source>
        <translation>在差异中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find Ne&amp;xt</source>
        <translation>查找下一个(&amp;X)</translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>Mark File as &amp;Viewed</source>
        <translation>将文件标记为已查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Unified View</source>
        <translation>统一视图(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Wrap Lines</source>
        <translation>自动换行(&amp;W)</translation>
    </message>
    <message>
        <source>Ignore &amp;Whitespace</source>
        <translation>忽略空白(&amp;W)</translation>
    </message>
    <message>
        <source>Show &amp;Description</source>
        <translation>显示描述(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ReviewDesk</source>
        <translation>关于 ReviewDesk(&amp;A)</translation>
    </message>
    <message>
        <source>About ReviewDesk</source>
        <translation>关于 ReviewDesk</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ReviewDesk %1&lt;/h3&gt;&lt;p&gt;A workbench for defect-focused code review with LLMs.&lt;/p&gt;&lt;p&gt;Syntax highlighting: %2. libgit2, Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ReviewDesk %1&lt;/h3&gt;&lt;p&gt;面向缺陷的 LLM 代码审查工作台。&lt;/p&gt;&lt;p&gt;语法高亮：%2。libgit2，Qt %3。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Opening %1 → %2…</source>
        <translation>正在打开 %1 → %2…</translation>
    </message>
    <message>
        <source>%1 — ReviewDesk</source>
        <translation>%1 — ReviewDesk</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed</source>
        <translation><numerusform>%n 个文件有变更</numerusform></translation>
    </message>
    <message>
        <source>This merge request changes no files.</source>
        <translation>此合并请求没有变更任何文件。</translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation>选择一个文件以查看其变更。</translation>
    </message>
    <message>
        <source>No more changes.</source>
        <translation>没有更多变更。</translation>
    </message>
    <message>
        <source>No earlier changes.</source>
        <translation>没有更早的变更。</translation>
    </message>
    <message>
        <source>No more matches</source>
        <translation>没有更多匹配</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line in the new version (1–%1):</source>
        <translation>新版本中的行号（1–%1）：</translation>
    </message>
    <message>
        <source>Line %1 is not in the new version.</source>
        <translation>新版本中没有第 %1 行。</translation>
    </message>
    <message>
        <source>Mark File as Not &amp;Viewed</source>
        <translation>将文件标记为未查看(&amp;V)</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Slicing failed; the diff is still fully usable.</source>
        <translation>切片失败；差异视图仍可完整使用。</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) ready</source>
        <translation><numerusform>已生成 %n 个切片</numerusform></translation>
    </message>
    <message>
        <source>Slicing in the background…</source>
        <translation>正在后台切片…</translation>
    </message>
    <message>
        <source>%1 is not changed in this merge request.</source>
        <translation>%1 在此合并请求中没有变更。</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>Review finished.</source>
        <translation>审查完成。</translation>
    </message>
    <message>
        <source>The slices are still being computed; run the review in a moment.</source>
        <translation>切片仍在计算中；请稍后再运行审查。</translation>
    </message>
    <message>
        <source>[severity %1] %2</source>
        <translation>[严重度 %1] %2</translation>
    </message>
    <message>
        <source>[filtered at %1, severity %2] %3</source>
        <translation>[已在 %1 阶段过滤，严重度 %2] %3</translation>
    </message>
    <message>
        <source>&amp;Run Review…</source>
        <translation>运行审查(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>审查(&amp;R)</translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestHeader</name>
    <message>
        <source>Show or hide the description</source>
        <translation>显示或隐藏描述</translation>
    </message>
    <message>
        <source>No merge request</source>
        <translation>没有合并请求</translation>
    </message>
    <message>
        <source>(no title)</source>
        <translation>（无标题）</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 ← %3 %4 · merge base %5 · %n file(s) changed</source>
        <translation><numerusform>%1 %2 ← %3 %4 · 合并基点 %5 · %n 个文件有变更</numerusform></translation>
    </message>
    <message>
        <source>two-dot</source>
        <translation>两点比较</translation>
    </message>
</context>
<context>
    <name>rd::OpenMergeRequestDialog</name>
    <message>
        <source>Open Merge Request</source>
        <translation>打开合并请求</translation>
    </message>
    <message>
        <source>Path of a work tree, a .git directory or a bare repository</source>
        <translation>工作树、.git 目录或裸仓库的路径</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>仓库(&amp;R)：</translation>
    </message>
    <message>
        <source>Target: branch, tag, commit or any rev-spec</source>
        <translation>目标：分支、标签、提交或任意修订表达式</translation>
    </message>
    <message>
        <source>&amp;Base (target):</source>
        <translation>基准（目标）(&amp;B)：</translation>
    </message>
    <message>
        <source>Source: the change to review</source>
        <translation>来源：要审查的变更</translation>
    </message>
    <message>
        <source>&amp;Head (source):</source>
        <translation>头部（来源）(&amp;H)：</translation>
    </message>
    <message>
        <source>Compare base and head directly (two-dot) instead of from their merge base</source>
        <translation>直接比较基准与头部（两点），而不是从合并基点比较</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>描述(&amp;D)：</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Choose a Repository</source>
        <translation>选择仓库</translation>
    </message>
    <message>
        <source>Choose a repository.</source>
        <translation>请选择一个仓库。</translation>
    </message>
    <message>
        <source>Bare repository %1</source>
        <translation>裸仓库 %1</translation>
    </message>
    <message>
        <source>Repository %1</source>
        <translation>仓库 %1</translation>
    </message>
    <message>
        <source>Enter a revision.</source>
        <translation>请输入修订。</translation>
    </message>
    <message>
        <source>A revision is missing.</source>
        <translation>缺少修订。</translation>
    </message>
</context>
<context>
    <name>rd::PipelinePanel</name>
    <message>
        <source>No review has run for this merge request.</source>
        <translation>此合并请求尚未运行审查。</translation>
    </message>
    <message>
        <source>Show filtered comments</source>
        <translation>显示已过滤的评论</translation>
    </message>
    <message>
        <source>Cancel Run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of recorded answers — no model is called</source>
        <translation>&lt;b&gt;回放&lt;/b&gt;已录制的回答 — 不调用任何模型</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt; run: %1</source>
        <translation>&lt;b&gt;实时&lt;/b&gt;运行：%1</translation>
    </message>
    <message numerus="yes">
        <source>Reviewing %n slice(s)…</source>
        <translation><numerusform>正在审查 %n 个切片…</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 slices · %3 requests (%4 failed) · %5 tokens · %6 s</source>
        <translation>%1/%2 个切片 · %3 次请求（%4 次失败） · %5 个词元 · %6 秒</translation>
    </message>
    <message>
        <source>%1 · %2 of %3 comments kept · %4 requests (%5 failed) · %6 tokens · %7 s</source>
        <translation>%1 · 保留 %2/%3 条评论 · %4 次请求（%5 次失败） · %6 个词元 · %7 秒</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>, replayed</source>
        <translation>，回放</translation>
    </message>
    <message>
        <source>, from the cache</source>
        <translation>，来自缓存</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>dropped: %1</source>
        <translation>已丢弃：%1</translation>
    </message>
    <message>
        <source>%1 — %2 (%3) · attempts: %4 · %5 ms · %6 + %7 tokens%8</source>
        <translation>%1 — %2（%3） · 尝试次数：%4 · %5 毫秒 · %6 + %7 个词元%8</translation>
    </message>
</context>
<context>
    <name>rd::RunDialog</name>
    <message>
        <source>Run Review</source>
        <translation>运行审查</translation>
    </message>
    <message>
        <source>Paper's best: Left Flow, 3 reviewers, top-5, meta-reviewer, validator</source>
        <translation>论文最佳：左值流、3 名审查者、前 5、元审查者、验证者</translation>
    </message>
    <message>
        <source>Quick: one reviewer</source>
        <translation>快速：一名审查者</translation>
    </message>
    <message>
        <source>Demo: replay of recorded answers (offline)</source>
        <translation>演示：回放已录制的回答（离线）</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. OPENAI_API_KEY (the key itself is never stored)</source>
        <translation>例如 OPENAI_API_KEY（密钥本身从不保存）</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API 密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>&amp;Slicing:</source>
        <translation>切片(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Reviewers:</source>
        <translation>审查者(&amp;R)：</translation>
    </message>
    <message>
        <source>Top-&amp;k per reviewer:</source>
        <translation>每名审查者前 k 条(&amp;K)：</translation>
    </message>
    <message>
        <source>Meta-reviewer merges and keeps what two reviewers agree on</source>
        <translation>元审查者合并评论，并保留两名审查者都认可的内容</translation>
    </message>
    <message>
        <source>Validator re-checks every comment</source>
        <translation>验证者复查每条评论</translation>
    </message>
    <message>
        <source>Chain-of-thought prompts</source>
        <translation>思维链提示</translation>
    </message>
    <message>
        <source>empty: no translation</source>
        <translation>留空：不翻译</translation>
    </message>
    <message>
        <source>Translate &amp;into:</source>
        <translation>翻译为(&amp;I)：</translation>
    </message>
    <message>
        <source>Load Configuration…</source>
        <translation>加载配置…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>The demo's recorded answers are replayed; no model is called.</source>
        <translation>回放演示的已录制回答；不调用任何模型。</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>正在向 %1 查询模型…</translation>
    </message>
    <message>
        <source>Connected, but the endpoint lists no models.</source>
        <translation>已连接，但端点没有列出任何模型。</translation>
    </message>
    <message>
        <source>Cannot connect: %1</source>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <source>Connected; models: %1</source>
        <translation>已连接；模型：%1</translation>
    </message>
    <message>
        <source>Load Run Configuration</source>
        <translation>加载运行配置</translation>
    </message>
    <message>
        <source>Run configuration (*.json)</source>
        <translation>运行配置 (*.json)</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>Using %1 (per-role endpoints)</source>
        <translation>使用 %1（按角色的端点）</translation>
    </message>
    <message>
        <source>The slices are still being computed.</source>
        <translation>切片仍在计算中。</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) to review, about %1 tokens of code</source>
        <translation><numerusform>将审查 %n 个切片，约 %1 个代码词元</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::SlicePanel</name>
    <message>
        <source>Original Diff</source>
        <translation>原始差异</translation>
    </message>
    <message>
        <source>Parent Function</source>
        <translation>父函数</translation>
    </message>
    <message>
        <source>Left Flow</source>
        <translation>左值流</translation>
    </message>
    <message>
        <source>Full Flow</source>
        <translation>完整数据流</translation>
    </message>
    <message>
        <source>Slices:</source>
        <translation>切片：</translation>
    </message>
    <message>
        <source>Line numbers:</source>
        <translation>行号：</translation>
    </message>
    <message>
        <source>inline</source>
        <translation>内联</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Copy Text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <source>Code this slice brings in from elsewhere; double-click to open it</source>
        <translation>此切片从其他位置引入的代码；双击打开</translation>
    </message>
    <message>
        <source>No merge request.</source>
        <translation>没有合并请求。</translation>
    </message>
    <message>
        <source>%1 · lines %2%3</source>
        <translation>%1 · 第 %2 行%3</translation>
    </message>
    <message>
        <source> (old version)</source>
        <translation>（旧版本）</translation>
    </message>
    <message>
        <source>No slice of the shown kinds touches this file.</source>
        <translation>所选类型的切片均不涉及此文件。</translation>
    </message>
    <message>
        <source>%1:%2 — %3</source>
        <translation>%1:%2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>About %n token(s)</source>
        <translation><numerusform>约 %n 个词元</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) in this merge request</source>
        <translation><numerusform>此合并请求共有 %n 个切片</numerusform></translation>
    </message>
    <message>
        <source>parsed with libclang: %1, parser errors tolerated: %2</source>
        <translation>libclang 已解析：%1，已容忍的解析错误：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read</source>
        <translation><numerusform>%n 个文件无法读取</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::models</name>
    <message>
        <source>cannot read commit %1</source>
        <translation>无法读取提交 %1</translation>
    </message>
    <message>
        <source>cannot read the tree of %1</source>
        <translation>无法读取 %1 的树</translation>
    </message>
    <message>
        <source>cannot read %1 of %2</source>
        <translation>无法读取 %2 的对象 %1</translation>
    </message>
    <message>
        <source>cannot diff %1</source>
        <translation>无法比较 %1</translation>
    </message>
    <message>
        <source>cannot read a hunk</source>
        <translation>无法读取差异块</translation>
    </message>
    <message>
        <source>cannot read a diff line</source>
        <translation>无法读取差异行</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>没有仓库</translation>
    </message>
    <message>
        <source>cannot compare the trees</source>
        <translation>无法比较两棵树</translation>
    </message>
    <message>
        <source>rename detection failed</source>
        <translation>重命名检测失败</translation>
    </message>
    <message>
        <source>cannot reopen the repository</source>
        <translation>无法重新打开仓库</translation>
    </message>
    <message>
        <source>no repository path given</source>
        <translation>未指定仓库路径</translation>
    </message>
    <message>
        <source>no such file or directory: %1</source>
        <translation>没有该文件或目录：%1</translation>
    </message>
    <message>
        <source>not a git repository (or any of the parent directories): %1</source>
        <translation>不是 git 仓库（任何上级目录也不是）：%1</translation>
    </message>
    <message>
        <source>cannot open repository %1</source>
        <translation>无法打开仓库 %1</translation>
    </message>
    <message>
        <source>empty revision</source>
        <translation>修订为空</translation>
    </message>
    <message>
        <source>unknown revision '%1'</source>
        <translation>未知修订“%1”</translation>
    </message>
    <message>
        <source>ambiguous revision '%1'</source>
        <translation>修订“%1”有歧义</translation>
    </message>
    <message>
        <source>invalid revision '%1'</source>
        <translation>无效修订“%1”</translation>
    </message>
    <message>
        <source>revision '%1' names a %2, not a commit</source>
        <translation>修订“%1”指向 %2，而不是提交</translation>
    </message>
    <message>
        <source>%1 and %2 have no common ancestor</source>
        <translation>%1 与 %2 没有共同祖先</translation>
    </message>
    <message>
        <source>cannot compute the merge base</source>
        <translation>无法计算合并基点</translation>
    </message>
    <message>
        <source>cannot list references</source>
        <translation>无法列出引用</translation>
    </message>
    <message>
        <source>cannot walk history</source>
        <translation>无法遍历历史</translation>
    </message>
    <message>
        <source>cannot walk from %1</source>
        <translation>无法从 %1 遍历历史</translation>
    </message>
    <message>
        <source>cannot read object %1</source>
        <translation>无法读取对象 %1</translation>
    </message>
    <message>
        <source>%1...%2: %3 (compare base and head directly: two-dot)</source>
        <translation>%1...%2：%3（请直接比较基准与头部：两点比较）</translation>
    </message>
    <message>
        <source>cannot create directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
    <message>
        <source>cannot create a repository in %1</source>
        <translation>无法在 %1 中创建仓库</translation>
    </message>
    <message>
        <source>cannot write a blob</source>
        <translation>无法写入数据对象</translation>
    </message>
    <message>
        <source>cannot create an index</source>
        <translation>无法创建索引</translation>
    </message>
    <message>
        <source>cannot add %1</source>
        <translation>无法添加 %1</translation>
    </message>
    <message>
        <source>cannot write the tree</source>
        <translation>无法写入树</translation>
    </message>
    <message>
        <source>cannot read the tree back</source>
        <translation>无法读回树</translation>
    </message>
    <message>
        <source>cannot read parent %1</source>
        <translation>无法读取父提交 %1</translation>
    </message>
    <message>
        <source>invalid author</source>
        <translation>无效作者</translation>
    </message>
    <message>
        <source>cannot write the commit</source>
        <translation>无法写入提交</translation>
    </message>
    <message>
        <source>cannot set %1</source>
        <translation>无法设置 %1</translation>
    </message>
    <message>
        <source>cannot read the tag target</source>
        <translation>无法读取标签目标</translation>
    </message>
    <message>
        <source>invalid tagger</source>
        <translation>无效标签创建者</translation>
    </message>
    <message>
        <source>cannot create tag %1</source>
        <translation>无法创建标签 %1</translation>
    </message>
    <message>
        <source>cannot point HEAD at %1</source>
        <translation>无法将 HEAD 指向 %1</translation>
    </message>
</context>
<context>
    <name>rd::pipeline</name>
    <message>
        <source>no JSON with comments in the model's reply</source>
        <translation>模型的回答中没有包含评论的 JSON</translation>
    </message>
    <message>
        <source>cannot read the recording %1</source>
        <translation>无法读取录制文件 %1</translation>
    </message>
    <message>
        <source>%1 is not a recording of exchanges</source>
        <translation>%1 不是交互录制文件</translation>
    </message>
    <message>
        <source>%1: an exchange lacks its key or response</source>
        <translation>%1：某条交互缺少键或回答</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>not a run record: expected {"run":{"config":...}}</source>
        <translation>不是运行记录：应为 {"run":{"config":...}}</translation>
    </message>
    <message>
        <source>run configuration: "%1" must be a whole number from %2 to %3</source>
        <translation>运行配置：“%1”必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 must be an object</source>
        <translation>运行配置：roles.%1 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 holds an API key; name the environment variable that holds it in "api_key_env" instead</source>
        <translation>运行配置：roles.%1 包含 API 密钥；请改为在 "api_key_env" 中填写保存密钥的环境变量名</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoint is missing</source>
        <translation>运行配置：缺少 roles.%1.endpoint</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoint must start with http://, https:// or replay:</source>
        <translation>运行配置：roles.%1.endpoint 必须以 http://、https:// 或 replay: 开头</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.model is missing</source>
        <translation>运行配置：缺少 roles.%1.model</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.api_key_env must be a variable name</source>
        <translation>运行配置：roles.%1.api_key_env 必须是变量名</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.temperature must be a number from 0 to 2</source>
        <translation>运行配置：roles.%1.temperature 必须是 0 到 2 之间的数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.top_p must be a number above 0 and at most 1</source>
        <translation>运行配置：roles.%1.top_p 必须大于 0 且不超过 1</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.max_tokens must be a whole number of at least 16</source>
        <translation>运行配置：roles.%1.max_tokens 必须是不小于 16 的整数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.seed must be a whole number</source>
        <translation>运行配置：roles.%1.seed 必须是整数</translation>
    </message>
    <message>
        <source>run configuration: not a JSON object</source>
        <translation>运行配置：不是 JSON 对象</translation>
    </message>
    <message>
        <source>run configuration: "slicing" must be original, parent, left or full</source>
        <translation>运行配置："slicing" 必须是 original、parent、left 或 full</translation>
    </message>
    <message>
        <source>run configuration: "thresholds" must be an object with nitpick and fake</source>
        <translation>运行配置："thresholds" 必须是含 nitpick 和 fake 的对象</translation>
    </message>
    <message>
        <source>run configuration: "cot" must be true or false</source>
        <translation>运行配置："cot" 必须是 true 或 false</translation>
    </message>
    <message>
        <source>run configuration: "line_format" must be inline, relative or none</source>
        <translation>运行配置："line_format" 必须是 inline、relative 或 none</translation>
    </message>
    <message>
        <source>run configuration: "language" must be a language name or empty</source>
        <translation>运行配置："language" 必须是语言名称或为空</translation>
    </message>
    <message>
        <source>run configuration: roles.reviewer is missing</source>
        <translation>运行配置：缺少 roles.reviewer</translation>
    </message>
    <message>
        <source>run configuration: unknown role "%1" (reviewer, meta_reviewer, validator, translator)</source>
        <translation>运行配置：未知角色“%1”（reviewer、meta_reviewer、validator、translator）</translation>
    </message>
</context>
<context>
    <name>rd::slicing</name>
    <message>
        <source>slicing was cancelled</source>
        <translation>切片已取消</translation>
    </message>
    <message>
        <source>cannot create a temporary directory</source>
        <translation>无法创建临时目录</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>%1 is not a compilation database (a JSON array)</source>
        <translation>%1 不是编译数据库（JSON 数组）</translation>
    </message>
    <message>
        <source>%1 is not in the commit</source>
        <translation>%1 不在该提交中</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
</TS>